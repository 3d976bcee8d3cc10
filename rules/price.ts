/**
 * The one price rule of an order, applied by the checkout screen (machines/checkout.ts) to show the figures and by
 * the reference backend (server/domain/orders.ts) to decide them: the server prices every order again at
 * Payment/Save and refuses one whose figures differ, so the two must agree and cannot unless they share this.
 * Pure and dependency-free (rules/ imports nothing).
 */

/** A lecture's two prices, as the contract's Lecture carries them. */
export interface PricedLecture {
  price: number;
  saleprice: number;
}

/** A coupon's terms, as the contract's Coupon carries them. */
export interface CouponTerms {
  discounttype: 'fixed' | 'percent';
  /** KRW for fixed, percent (1-100) for percent. */
  discountvalue: number;
  /** The least order amount the coupon applies to. */
  minprice: number;
  /** A cap for percent coupons; null for none. */
  maxdiscount: number | null;
}

export interface Breakdown {
  /** 정가: the sum of list prices. */
  listTotal: number;
  /** 할인: list price minus sale price. */
  saleDiscount: number;
  /** The sum of sale prices: the order's `amount`. */
  amount: number;
  coupondiscount: number;
  pointused: number;
  /** 최종 결제금액. */
  paidamount: number;
  paymethod: 'card' | 'free';
}

/** The coupon's discount on an order of `amount` won: nothing below its minimum, never above its cap or the amount. */
export function couponDiscount(coupon: CouponTerms | null, amount: number): number {
  if (!coupon || amount < coupon.minprice) return 0;
  const raw = coupon.discounttype === 'percent' ? Math.floor((amount * coupon.discountvalue) / 100) : coupon.discountvalue;
  const capped = coupon.maxdiscount == null ? raw : Math.min(raw, coupon.maxdiscount);
  return Math.min(capped, amount);
}

/** Points the member may spend on this order: never above the balance nor the amount left after the coupon. */
export function clampPoints(wanted: number, balance: number, amountAfterCoupon: number): number {
  const whole = Number.isFinite(wanted) ? Math.floor(wanted) : 0;
  return Math.max(0, Math.min(whole, Math.max(0, balance), amountAfterCoupon));
}

/** The order's figures: sale prices, then the coupon, then the points; what is left is charged, or the order is free. */
export function breakdownOf(lectures: readonly PricedLecture[], coupon: CouponTerms | null, points: number): Breakdown {
  const listTotal = lectures.reduce((sum, l) => sum + l.price, 0);
  const amount = lectures.reduce((sum, l) => sum + l.saleprice, 0);
  const coupondiscount = couponDiscount(coupon, amount);
  const pointused = Math.min(points, amount - coupondiscount);
  const paidamount = amount - coupondiscount - pointused;
  return {
    listTotal,
    saleDiscount: listTotal - amount,
    amount,
    coupondiscount,
    pointused,
    paidamount,
    paymethod: paidamount === 0 ? 'free' : 'card',
  };
}
