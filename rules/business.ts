import { CHAT_CHANNEL_URL } from './chatChannel';

/**
 * CONFIGURATION — the association's business details, in one place: the footer, the company page, the seeded
 * branch and the certificate's issuer all read them, so they cannot disagree. The values are demo
 * configuration (docs/decisions.md, issue 15 part 4): replace them with the registered ones before launch.
 * Labels ("대표", "사업자등록번호") belong to the screens; only values live here.
 */
export const BUSINESS = {
  /** Registered name; also the issuer printed on certificates. */
  company: '(사)필라테스재활협회',
  representative: '김바른',
  /** 사업자등록번호 (check digit valid). */
  businessNo: '214-82-13468',
  /** 통신판매업 신고번호. */
  mailOrderNo: '제2024-서울강남-01234호',
  /** Customer centre. */
  phone: '02-555-1234',
  hours: '평일 09:00-18:00 (주말·공휴일 휴무)',
  email: 'help@pilates-rehab.example',
  address: '서울특별시 강남구 테헤란로 123, 5층',
  /** 개인정보보호책임자 (개인정보 보호법 31조), named on every page beside the business details. */
  privacyOfficer: '이보안',
  privacyEmail: 'privacy@pilates-rehab.example',
  /**
   * PLACEHOLDERS until the association gives its own addresses: each channel's home page. The footer's social links,
   * the floating chat button and the mobile bar's 문의 (`chat`, rules/chatChannel.ts) read these.
   */
  channels: {
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
    /** The KakaoTalk channel's home (친구 추가); `chat` is the same channel's 1:1 chat. */
    kakaoChannel: 'https://pf.kakao.com/',
    naverCafe: 'https://cafe.naver.com/',
    chat: CHAT_CHANNEL_URL,
  },
} as const;
