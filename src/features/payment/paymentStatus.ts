import type { Payment } from '../../api/queries/payment';

export type PaymentBadge = { label: string; tone: 'paid' | 'free' | 'cancelled' | 'ready' };

/**
 * The yaml's four statuses as a member reads them: a paid order is 결제완료, or 무료 when nothing was charged;
 * a cancelled (card cancelled, time up) or failed (declined, refused) order was never charged: 결제취소;
 * an open order still waiting for its card is 결제대기.
 */
export function paymentBadge(p: Pick<Payment, 'status' | 'paymethod'>): PaymentBadge {
  if (p.status === 'paid') return p.paymethod === 'free' ? { label: '무료', tone: 'free' } : { label: '결제완료', tone: 'paid' };
  if (p.status === 'ready') return { label: '결제대기', tone: 'ready' };
  return { label: '결제취소', tone: 'cancelled' };
}

const KST_OFFSET_MS = 9 * 3600_000;

/** "2024.03.10 10:01" on Korean time; a value with a zone is converted, zone-less backend text is already KST. */
export function formatDateTimeKst(value: string): string {
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? Date.parse(value) : Number.NaN;
  const wall = Number.isNaN(zoned) ? value.replace(' ', 'T') : new Date(zoned + KST_OFFSET_MS).toISOString();
  return `${wall.slice(0, 10).replace(/-/g, '.')} ${wall.slice(11, 16)}`;
}
