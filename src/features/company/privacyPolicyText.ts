import type { PolicySection } from './PolicyDocument';
import { BUSINESS } from '../../../rules/business';

/** Generic privacy policy text (an example, not legal advice). */
export const PRIVACY_INTRO =
  `${BUSINESS.company}(이하 “협회”)는 「개인정보 보호법」 등 관련 법령을 준수하며, 이용자의 개인정보를 보호하기 위하여 다음과 같이 개인정보처리방침을 수립·공개합니다.`;

export const PRIVACY_SECTIONS: PolicySection[] = [
  {
    heading: '제1조 (수집하는 개인정보 항목)',
    paragraphs: [
      '협회는 회원가입, 수강 신청, 결제, 고객 문의 처리를 위하여 다음의 개인정보를 수집합니다.',
      '필수 항목: 이름, 이메일 주소, 휴대전화번호, 소셜 로그인 식별자(카카오·네이버). 결제 시: 결제 승인 정보(카드사명, 승인번호). 서비스 이용 과정에서 접속 기록, 기기 정보, 수강 진도 정보가 자동으로 생성되어 수집될 수 있습니다.',
    ],
  },
  {
    heading: '제2조 (개인정보의 수집 및 이용 목적)',
    paragraphs: [
      '회원 식별 및 본인 확인, 온라인 클래스 제공과 수강 이력 관리, 수료증 발급, 결제 및 환불 처리, 공지사항 전달과 고객 문의 응대, 부정 이용 방지(동시 접속 제한)를 위하여 개인정보를 이용합니다.',
    ],
  },
  {
    heading: '제3조 (개인정보의 보유 및 이용 기간)',
    paragraphs: [
      '회원 탈퇴 시 지체 없이 파기합니다. 다만 관계 법령에 따라 보존할 필요가 있는 경우 해당 기간 동안 보관합니다.',
      '계약 또는 청약철회 등에 관한 기록: 5년 / 대금결제 및 재화 등의 공급에 관한 기록: 5년 / 소비자 불만 또는 분쟁처리에 관한 기록: 3년 / 접속 기록: 3개월',
    ],
  },
  {
    heading: '제4조 (개인정보의 제3자 제공 및 처리 위탁)',
    paragraphs: [
      '협회는 이용자의 동의 없이 개인정보를 제3자에게 제공하지 않습니다. 원활한 서비스 제공을 위하여 결제 처리(전자결제대행사), 회원 인증(소셜 로그인 제공자), 데이터 보관(클라우드 서비스 제공자) 업무를 위탁하고 있으며, 위탁 계약 시 개인정보가 안전하게 관리되도록 감독합니다.',
    ],
  },
  {
    heading: '제5조 (이용자의 권리와 행사 방법)',
    paragraphs: [
      '이용자는 언제든지 자신의 개인정보를 조회·수정하거나 회원 탈퇴를 통해 처리 정지를 요구할 수 있습니다. 회원정보 수정 메뉴 또는 고객센터를 통해 요청하시면 지체 없이 조치하겠습니다.',
    ],
  },
  {
    heading: '제6조 (개인정보의 파기)',
    paragraphs: [
      '보유 기간이 지난 개인정보는 지체 없이 파기합니다. 전자적 파일은 복구할 수 없는 방법으로 삭제하고, 종이 문서는 분쇄하거나 소각합니다.',
    ],
  },
  {
    heading: '제7조 (쿠키의 운영)',
    paragraphs: [
      '협회는 로그인 상태 유지와 자동 로그인을 위해 쿠키를 사용합니다. 이용자는 브라우저 설정에서 쿠키 저장을 거부할 수 있으나, 이 경우 로그인이 필요한 서비스 이용이 제한될 수 있습니다.',
    ],
  },
  {
    heading: '제8조 (개인정보 보호책임자)',
    paragraphs: [
      // The officer and the contacts are the business details the footer names (rules/business.ts), never a copy.
      `개인정보 보호책임자: ${BUSINESS.privacyOfficer} / 이메일: ${BUSINESS.privacyEmail} / 전화: ${BUSINESS.phone} (${BUSINESS.hours})`,
      '개인정보 침해에 대한 신고나 상담은 개인정보침해신고센터(118), 개인정보분쟁조정위원회(1833-6972)에 문의하실 수 있습니다.',
    ],
  },
];

export const PRIVACY_EFFECTIVE = '이 개인정보처리방침은 2024년 5월 1일부터 적용됩니다.';
