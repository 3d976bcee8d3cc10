// @first-paint: the mobile bar's 문의 (vite.config.ts)
/**
 * CONFIGURATION (PLACEHOLDER, as the other channels in rules/business.ts): the KakaoTalk channel's 1:1 chat, which the
 * mobile bar's 문의 and the floating chat button open. Its own module so that the mobile bar, drawn with the first paint,
 * does not bring the footer's business details into the first chunk (issue 43); BUSINESS.channels.chat is this value.
 */
export const CHAT_CHANNEL_URL = 'https://pf.kakao.com/';
