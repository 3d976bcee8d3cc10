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
