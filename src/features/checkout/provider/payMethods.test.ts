import { describe, expect, it } from 'vitest';
import { installmentLabel, settledChoice } from './payMethods';

const all = ['card', 'kakaopay', 'naverpay', 'tosspay'] as const;

describe('the pay choice sent to the provider', () => {
  it('keeps a card installment from 50,000원', () => {
    expect(settledChoice({ method: 'card', installmentMonth: 3 }, 50_000, all)).toEqual({ method: 'card', installmentMonth: 3 });
  });

  it('drops the installment below 50,000원 and for easy pay', () => {
    expect(settledChoice({ method: 'card', installmentMonth: 3 }, 49_999, all)).toEqual({ method: 'card', installmentMonth: 0 });
    expect(settledChoice({ method: 'kakaopay', installmentMonth: 3 }, 90_000, all)).toEqual({
      method: 'kakaopay',
      installmentMonth: 0,
    });
  });

  it('never sends a month that is not offered (1, 13)', () => {
    expect(settledChoice({ method: 'card', installmentMonth: 1 }, 90_000, all).installmentMonth).toBe(0);
    expect(settledChoice({ method: 'card', installmentMonth: 13 }, 90_000, all).installmentMonth).toBe(0);
  });

  it('falls back to the first offered method when the chosen one is not configured', () => {
    expect(settledChoice({ method: 'naverpay', installmentMonth: 0 }, 90_000, ['card', 'tosspay'])).toEqual({
      method: 'card',
      installmentMonth: 0,
    });
  });

  it('labels 일시불 and months', () => {
    expect([0, 2, 12].map(installmentLabel)).toEqual(['일시불', '2개월', '12개월']);
  });
});
