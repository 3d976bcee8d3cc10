import { describe, expect, it } from 'vitest';
import { checkRefund, REFUND_MESSAGES } from './refundFields';

describe('the console refund dialog', () => {
  it('sends a whole number of won within what can still be cancelled, with the figure shown', () => {
    expect(checkRefund({ amount: '12,000원', reason: ' 강의 오류 보상 ' }, 42_000)).toEqual({
      input: { amount: 12_000, cancellable: 42_000, reason: '강의 오류 보상' },
    });
  });

  it('says beside each field what is wrong: above what is left, zero, negative, a fraction, no reason', () => {
    expect(checkRefund({ amount: '42001', reason: '보상' }, 42_000).errors).toEqual({ amount: REFUND_MESSAGES.above(42_000) });
    for (const amount of ['0', '-1000', '1000.5', '', '천원'])
      expect(checkRefund({ amount, reason: '보상' }, 42_000).errors).toEqual({ amount: REFUND_MESSAGES.amount });
    expect(checkRefund({ amount: '1000', reason: ' ' }, 42_000).errors).toEqual({ reason: REFUND_MESSAGES.reason });
  });
});
