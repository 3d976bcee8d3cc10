import type { AdminCouponCampaign } from '../../../api/queries/admin-coupons';

/** A campaign's terms and state in the console's words. */

export const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

/** 3,000원 할인, or 10% 할인 (최대 20,000원). */
export const discountText = (c: Pick<AdminCouponCampaign, 'discounttype' | 'discountvalue' | 'maxdiscount'>) =>
  c.discounttype === 'percent'
    ? `${c.discountvalue}% 할인 (최대 ${won(c.maxdiscount ?? 0)})`
    : `${won(c.discountvalue)} 할인`;

/** 2026-12-01 ~ 2026-12-31 (KST days, as entered). */
export const periodText = (c: Pick<AdminCouponCampaign, 'validfrom' | 'validuntil'>) => `${c.validfrom} ~ ${c.validuntil}`;

export const scopeText = (c: Pick<AdminCouponCampaign, 'contentsids' | 'categoryids'>) => {
  if (!c.contentsids.length && !c.categoryids.length) return '모든 강의';
  const parts = [
    c.contentsids.length ? `강의 ${c.contentsids.join(', ')}` : '',
    c.categoryids.length ? `카테고리 ${c.categoryids.join(', ')}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
};

export const KIND_LABEL = { codes: '코드 배포', members: '회원 지갑 발급' } as const;

/** 중지됨, 기간 종료, 진행 중 or 시작 전, against today's KST day. */
export function stateText(c: Pick<AdminCouponCampaign, 'stoppedat' | 'validfrom' | 'validuntil'>, today: string) {
  if (c.stoppedat) return '중지됨';
  if (c.validuntil < today) return '기간 종료';
  if (c.validfrom > today) return '시작 전';
  return '진행 중';
}
