import { describe, expect, it } from 'vitest';
import { paidMethodText, refundedTo } from './paidMethod';

describe('paidMethodText', () => {
  it('names a card payment with its installment: 일시불 for 0 or 1 month, 할부 n개월 from 2', () => {
    expect(paidMethodText('card', 0)).toBe('신용카드 (일시불)');
    expect(paidMethodText('card', 1)).toBe('신용카드 (일시불)');
    expect(paidMethodText('card', 6)).toBe('신용카드 (할부 6개월)');
  });
  it('names the easy pays and a free order, whatever months a record holds', () => {
    expect(paidMethodText('kakaopay', 0)).toBe('카카오페이');
    expect(paidMethodText('naverpay', 3)).toBe('네이버페이');
    expect(paidMethodText('tosspay', 0)).toBe('토스페이');
    expect(paidMethodText('free', 0)).toBe('무료');
  });
  it("says '-' while the provider has not said how it was paid", () => {
    expect(paidMethodText(null, 0)).toBe('-');
    expect(paidMethodText(undefined, 0)).toBe('-');
  });
});

describe('refundedTo', () => {
  it('names the easy pay the money goes back to, and the card otherwise', () => {
    expect(refundedTo('kakaopay')).toBe('카카오페이');
    expect(refundedTo('tosspay')).toBe('토스페이');
    expect(refundedTo('card')).toBe('카드');
    expect(refundedTo(null)).toBe('카드');
  });
});
