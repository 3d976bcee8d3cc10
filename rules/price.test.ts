import { describe, expect, it } from 'vitest';
import { breakdownOf, clampPoints, couponDiscount, type CouponTerms } from './price';

const percent = (discountvalue: number, maxdiscount: number | null, minprice = 0): CouponTerms => ({
  discounttype: 'percent',
  discountvalue,
  minprice,
  maxdiscount,
});
const fixed = (discountvalue: number, minprice = 0): CouponTerms => ({ discounttype: 'fixed', discountvalue, minprice, maxdiscount: null });

describe('the price rule (checkout screen and server alike)', () => {
  it('a percent coupon rounds down and stops at its cap', () => {
    expect(couponDiscount(percent(15, null), 89_000)).toBe(13_350);
    expect(couponDiscount(percent(33, null), 10_001)).toBe(3_300);
    expect(couponDiscount(percent(50, 20_000), 89_000)).toBe(20_000);
  });

  it('a coupon below its minimum gives nothing, and never more than the amount', () => {
    expect(couponDiscount(fixed(10_000, 50_000), 49_999)).toBe(0);
    expect(couponDiscount(fixed(10_000, 50_000), 50_000)).toBe(10_000);
    expect(couponDiscount(fixed(10_000), 6_000)).toBe(6_000);
    expect(couponDiscount(null, 6_000)).toBe(0);
  });

  it('points are whole won, never above the balance or what the coupon left', () => {
    expect(clampPoints(1_500.7, 10_000, 5_000)).toBe(1_500);
    expect(clampPoints(9_000, 3_000, 5_000)).toBe(3_000);
    expect(clampPoints(9_000, 10_000, 5_000)).toBe(5_000);
    expect(clampPoints(-5, 10_000, 5_000)).toBe(0);
    expect(clampPoints(Number.NaN, 10_000, 5_000)).toBe(0);
  });

  it('sale prices, then the coupon, then points; nothing left to charge is a free order', () => {
    const lectures = [
      { price: 120_000, saleprice: 89_000 },
      { price: 50_000, saleprice: 50_000 },
    ];
    expect(breakdownOf(lectures, fixed(10_000, 50_000), 5_000)).toEqual({
      listTotal: 170_000,
      saleDiscount: 31_000,
      amount: 139_000,
      coupondiscount: 10_000,
      pointused: 5_000,
      paidamount: 124_000,
      paymethod: 'card',
    });
    expect(breakdownOf([{ price: 9_000, saleprice: 9_000 }], fixed(5_000), 10_000)).toMatchObject({
      pointused: 4_000,
      paidamount: 0,
      paymethod: 'free',
    });
  });
});
