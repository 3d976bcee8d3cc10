import { describe, expect, it } from 'vitest';
import { methodText, STATUS_LABEL } from './orderText';

describe('how the console names an order', () => {
  it('says the method as the provider recorded it, with 할부 months', () => {
    expect(methodText({ method: 'card', installmentmonth: 0 })).toBe('신용카드 (일시불)');
    expect(methodText({ method: 'card', installmentmonth: 6 })).toBe('신용카드 (할부 6개월)');
    expect(methodText({ method: 'kakaopay', installmentmonth: 0 })).toBe('카카오페이');
    expect(methodText({ method: 'free', installmentmonth: 0 })).toBe('무료');
    expect(methodText({ method: null, installmentmonth: 0 })).toBe('-');
  });

  it('names refunds as the member reads them', () => {
    expect([STATUS_LABEL.partially_refunded, STATUS_LABEL.refunded]).toEqual(['부분환불', '환불완료']);
  });
});
