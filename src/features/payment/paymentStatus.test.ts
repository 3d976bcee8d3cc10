import { describe, expect, it } from 'vitest';
import { formatDateTimeKst, paymentBadge } from './paymentStatus';

describe('payment history badges', () => {
  it('maps every status of the contract to the three badges a member reads (and 결제대기 for an open order)', () => {
    expect(paymentBadge({ status: 'paid', paymethod: 'card' }).label).toBe('결제완료');
    expect(paymentBadge({ status: 'paid', paymethod: 'free' }).label).toBe('무료');
    expect(paymentBadge({ status: 'cancelled', paymethod: 'card' }).label).toBe('결제취소');
    expect(paymentBadge({ status: 'failed', paymethod: 'card' }).label).toBe('결제취소');
    expect(paymentBadge({ status: 'ready', paymethod: 'card' }).label).toBe('결제대기');
  });
});

describe('order date and time on Korean time', () => {
  it('keeps a +09:00 value as written', () => {
    expect(formatDateTimeKst('2024-03-10T10:01:00+09:00')).toBe('2024.03.10 10:01');
  });
  it('converts a UTC instant to the next Seoul day', () => {
    expect(formatDateTimeKst('2024-03-10T16:30:00Z')).toBe('2024.03.11 01:30');
  });
  it('reads zone-less backend text as KST wall time', () => {
    expect(formatDateTimeKst('2024-03-10 23:59:00')).toBe('2024.03.10 23:59');
  });
});
