import { BUSINESS } from '../../../rules/business';

/** The footer's social links: names belong to the screen, addresses to the business details (rules/business.ts). */
export const SOCIAL_LINKS = [
  { key: 'instagram', label: '인스타그램', href: BUSINESS.channels.instagram },
  { key: 'youtube', label: '유튜브', href: BUSINESS.channels.youtube },
  { key: 'kakao', label: '카카오톡 채널', href: BUSINESS.channels.kakaoChannel },
  { key: 'naver', label: '네이버 카페', href: BUSINESS.channels.naverCafe },
] as const;
