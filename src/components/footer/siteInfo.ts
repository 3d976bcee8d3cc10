// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * Business information shown in the footer. The spec does not give the customer-centre phone
 * ({phone}) nor the social addresses: these are placeholders, recorded in docs/decisions.md.
 */
export const SITE_INFO = {
  company: '(사)필라테스재활협회',
  representative: '대표 홍길동',
  businessNo: '사업자등록번호 000-00-00000',
  mailOrderNo: '통신판매업신고 제0000-서울강남-0000호',
  address: '서울특별시 강남구 테헤란로 000, 0층',
  email: 'help@pilates-rehab.example',
  phone: '02-000-0000',
  hours: '평일 09:00-18:00 (주말·공휴일 휴무)',
} as const;

export const SOCIAL_LINKS = [
  { key: 'instagram', label: '인스타그램', href: 'https://www.instagram.com/' },
  { key: 'youtube', label: '유튜브', href: 'https://www.youtube.com/' },
  { key: 'kakao', label: '카카오톡 채널', href: 'https://pf.kakao.com/' },
  { key: 'naver', label: '네이버 카페', href: 'https://cafe.naver.com/' },
] as const;

/** KakaoTalk channel chat, used by the mobile bar's 문의 and the floating chat button. */
export const CHAT_CHANNEL_URL = 'https://pf.kakao.com/';
