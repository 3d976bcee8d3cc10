import type { components } from '../../src/api/schema.gen';
import type { CouponRow } from '../db/rows';
import { iso } from '../lib/time';

/** A stored coupon as the contract's Coupon: its terms are what the price rule (rules/price.ts) reads. */
export const toCoupon = (c: CouponRow): components['schemas']['Coupon'] => ({
  couponnumber: c.couponnumber,
  name: c.title,
  discounttype: c.discount_rate ? 'percent' : 'fixed',
  discountvalue: c.discount_rate || c.discount_amount,
  minprice: c.min_amount,
  maxdiscount: null,
  expiredate: iso(c.expires_at),
  isused: !!c.used_by,
});
