// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** The spec names the social channels but not their addresses: placeholders (docs/decisions.md). */
export const SOCIAL_LINKS = [
  { key: 'instagram', label: '인스타그램', href: 'https://www.instagram.com/' },
  { key: 'youtube', label: '유튜브', href: 'https://www.youtube.com/' },
  { key: 'kakao', label: '카카오톡 채널', href: 'https://pf.kakao.com/' },
  { key: 'naver', label: '네이버 카페', href: 'https://cafe.naver.com/' },
] as const;

/** KakaoTalk channel chat, used by the mobile bar's 문의 and the floating chat button. */
export const CHAT_CHANNEL_URL = 'https://pf.kakao.com/';
