import type { components } from '../api/schema.gen';
import { formatDate } from './format';
import { formatWon } from './formatPrice';

type Coupon = components['schemas']['Coupon'];

/** "5,000원 할인" or "10% 할인 (최대 10,000원)": what the coupon takes off. */
export function couponBenefit(c: Coupon): string {
  if (c.discounttype === 'fixed') return `${formatWon(c.discountvalue)} 할인`;
  return `${c.discountvalue}% 할인${c.maxdiscount != null ? ` (최대 ${formatWon(c.maxdiscount)})` : ''}`;
}

/** "10,000원 이상 주문 시 · 2099.12.31까지": when it applies. */
export function couponTerms(c: Coupon): string {
  const min = c.minprice > 0 ? `${formatWon(c.minprice)} 이상 주문 시 · ` : '';
  return `${min}${formatDate(c.expiredate)}까지`;
}
