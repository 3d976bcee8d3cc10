import { Link } from '@tanstack/react-router';
import { adminLink, type AdminTo } from './adminPaths';
import { AdminPageHead } from './AdminParts';
import { canUse, ROLE_LABEL, type AdminArea } from './roles';
import { useAdminMe } from './useAdminMe';
import { useAdminTitle } from './useAdminTitle';

const TILES: { area: AdminArea; to: AdminTo; title: string; text: string }[] = [
  { area: 'questions', to: 'questions', title: '문의 (Q&A)', text: '회원이 강의에 남긴 질문에 답변합니다. 답변 대기 질문이 먼저 보입니다.' },
  { area: 'suggests', to: 'suggests', title: '1:1 문의', text: '고객센터 1:1 문의에 답변하고 접수·답변완료 상태를 정합니다.' },
  { area: 'classes', to: 'classes', title: '클래스', text: '클래스 정보, 커리큘럼, 게시 상태를 관리합니다.' },
  { area: 'categories', to: 'categories', title: '카테고리', text: '스토어 메뉴의 카테고리를 추가하고 옮기고 정렬합니다.' },
  { area: 'banners', to: 'banners', title: '메인 배너', text: '메인 화면 배너의 이미지, 문구, 링크, 순서를 관리합니다.' },
  { area: 'notices', to: 'notices', title: '공지사항', text: '공지와 소식을 쓰고 상단에 고정합니다.' },
  { area: 'faqs', to: 'faqs', title: 'FAQ', text: '자주 묻는 질문을 분류별로 정리합니다.' },
  { area: 'staff', to: 'staff', title: '운영진', text: '운영진 역할을 부여하거나 해제합니다.' },
  { area: 'audit', to: 'audit', title: '감사 기록', text: '운영진이 바꾼 내용을 시간순으로 확인합니다.' },
  { area: 'members', to: 'members', title: '회원', text: '회원을 찾고, 사유를 적고 회원 정보를 열람하고, 수강을 부여·변경·취소합니다. CSV로 한꺼번에 등록합니다.' },
  { area: 'orders', to: 'orders', title: '주문', text: '주문을 찾고, 결제사 기록을 확인하고, 사유와 함께 환불합니다.' },
  { area: 'sales', to: 'sales', title: '매출', text: '기간별·클래스별 매출과 환불, 결제수단별 금액을 보고 CSV·엑셀로 내려받습니다.' },
  { area: 'mail', to: 'mails', title: '메일 발송', text: '회원에게 간 메일을 확인하고, 실패한 메일을 다시 보냅니다.' },
  { area: 'certificates', to: 'certificates', title: '수료증', text: '발급된 수료증을 찾고, 사유와 함께 취소합니다.' },
  { area: 'points', to: 'points', title: '포인트', text: '회원의 포인트를 사유와 함께 적립하거나 차감합니다.' },
  { area: 'privacy', to: 'privacy-access', title: '개인정보 열람 기록', text: '운영진이 회원 정보를 열람하거나 내보낸 기록을 확인합니다. 2년간 보관됩니다.' },
  { area: 'coupons', to: 'coupons', title: '쿠폰', text: '쿠폰 캠페인을 만들어 회원에게 발급하거나 코드를 나눠주고, 사용 현황을 봅니다.' },
];

/** The console's start: who is signed in, and the areas this role may open. */
export function AdminHome() {
  const me = useAdminMe();
  useAdminTitle('콘솔 홈');
  return (
    <>
      <AdminPageHead title={`${me.name}님, 안녕하세요`} lead={`${ROLE_LABEL[me.role]}${me.teachername ? ` · ${me.teachername}` : ''} 권한으로 로그인했습니다.`} />
      <ul className="admin-tiles">
        {TILES.filter((t) => canUse(me.role, t.area)).map((t) => (
          <li key={t.to}>
            <Link {...adminLink(t.to)} className="admin-tile">
              <strong>{t.title}</strong>
              <span>{t.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
