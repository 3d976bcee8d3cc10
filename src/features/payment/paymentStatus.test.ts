import { describe, expect, it } from 'vitest';
import { paymentBadge } from './paymentStatus';

describe('payment history badges', () => {
  it('maps every status of the contract to the three badges a member reads (and 결제대기 for an open order)', () => {
    expect(paymentBadge({ status: 'paid', paymethod: 'card' }).label).toBe('결제완료');
    expect(paymentBadge({ status: 'paid', paymethod: 'free' }).label).toBe('무료');
    expect(paymentBadge({ status: 'cancelled', paymethod: 'card' }).label).toBe('결제취소');
    expect(paymentBadge({ status: 'failed', paymethod: 'card' }).label).toBe('결제취소');
    expect(paymentBadge({ status: 'ready', paymethod: 'card' }).label).toBe('결제대기');
    expect(paymentBadge({ status: 'refunded', paymethod: 'card' }).label).toBe('환불완료');
    expect(paymentBadge({ status: 'partially_refunded', paymethod: 'card' }).label).toBe('부분환불');
  });
});
