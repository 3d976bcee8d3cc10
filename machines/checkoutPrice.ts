/**
 * The breakdown the member sees before paying. The server prices the order again at Payment/Save and
 * answers 409 when these figures differ, so this only has to agree with it, never to be trusted.
 */

export interface OrderLecture {
  contentsid: number;
  title: string;
  price: number;
  saleprice: number;
}

export interface CouponInfo {
  couponnumber: string;
  name: string;
  discounttype: 'fixed' | 'percent';
  discountvalue: number;
  minprice: number;
  maxdiscount: number | null;
}

export interface Breakdown {
  /** 정가: the sum of list prices. */
  listTotal: number;
  /** 할인: list price minus sale price. */
  saleDiscount: number;
  /** The sum of sale prices: what the server calls `amount`. */
  amount: number;
  coupondiscount: number;
  pointused: number;
  /** 최종 결제금액. */
  paidamount: number;
  paymethod: 'card' | 'free';
}

export function couponDiscount(coupon: CouponInfo | null, amount: number): number {
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

export function breakdownOf(lectures: readonly OrderLecture[], coupon: CouponInfo | null, points: number): Breakdown {
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
