import '../../components/ui/ui.css';
import { BUSINESS } from '../../../rules/business';
import { BranchList } from './BranchCard';
import './company.css';

/** The registered details, as the footer shows them (one source: rules/business.ts). */
const BUSINESS_ROWS = [
  ['상호', BUSINESS.company],
  ['대표', BUSINESS.representative],
  ['사업자등록번호', BUSINESS.businessNo],
  ['통신판매업신고', BUSINESS.mailOrderNo],
  ['주소', BUSINESS.address],
  ['고객센터', `${BUSINESS.phone} · ${BUSINESS.hours}`],
  ['이메일', BUSINESS.email],
] as const;

const VALUES = [
  {
    title: '근거 중심 교육',
    text: '해부학과 운동생리학에 기반한 커리큘럼으로, 누구나 안전하게 따라 할 수 있는 수업을 만듭니다.',
  },
  {
    title: '재활 전문가 협업',
    text: '물리치료사와 필라테스 지도자가 함께 기획하여 통증 관리와 회복에 필요한 움직임을 담았습니다.',
  },
  {
    title: '언제 어디서나',
    text: 'PC와 모바일에서 원하는 시간에 수강하고, 수료 후에는 협회 지점에서 오프라인 워크숍으로 이어집니다.',
  },
];

/** /company: association introduction, values, history, the Seoul branch and the business details. */
export function CompanyPage() {
  return (
    <div className="page company">
      <section className="company-hero">
        <p className="company-hero__eyebrow">ABOUT US</p>
        <h2>
          바른 움직임으로 <em>건강한 일상</em>을 만듭니다
        </h2>
        <p>
          필라테스재활협회는 필라테스와 재활 운동을 연구하고 교육하는 비영리 교육 단체입니다. 현장의 지도자와 의료 전문가가 함께
          만든 온라인 클래스로, 처음 운동을 시작하는 분부터 전문 지도자까지 각자의 속도에 맞춰 배울 수 있도록 돕습니다.
        </p>
      </section>
      <section className="company-section">
        <h3>협회가 지키는 가치</h3>
        <ul className="value-list">
          {VALUES.map((v) => (
            <li key={v.title}>
              <strong>{v.title}</strong>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="company-section">
        <h3>주요 연혁</h3>
        <ol className="history">
          <li>
            <span>2016</span>협회 설립, 매트 필라테스 지도자 과정 개설
          </li>
          <li>
            <span>2019</span>척추·어깨 재활 운동 과정 개설, 서울 강남센터 개소
          </li>
          <li>
            <span>2022</span>온라인 클래스 서비스 시작
          </li>
          <li>
            <span>2024</span>지도자 자격과정 전자책 교재 출간
          </li>
        </ol>
      </section>
      <section className="company-section">
        <h3>오시는 길</h3>
        <BranchList />
      </section>
      <section className="company-section" aria-labelledby="company-business">
        <h3 id="company-business">사업자 정보</h3>
        <dl className="business-info" data-testid="business-info">
          {BUSINESS_ROWS.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
