import type { Payment } from '../../api/queries/payment';

export type PaymentBadge = { label: string; tone: 'paid' | 'free' | 'cancelled' | 'ready' | 'refunded' };

/**
 * The yaml's statuses as a member reads them: a paid order is 결제완료, or 무료 when nothing was charged;
 * a wholly refunded order (RequestRefund, or the console's refund) is 환불완료, partly refunded 부분환불; a cancelled (card cancelled, time up) or failed
 * (declined, refused) order was never charged: 결제취소; an open order still waiting for its card is 결제대기.
 */
export function paymentBadge(p: Pick<Payment, 'status' | 'paymethod'>): PaymentBadge {
  if (p.status === 'paid') return p.paymethod === 'free' ? { label: '무료', tone: 'free' } : { label: '결제완료', tone: 'paid' };
  if (p.status === 'refunded') return { label: '환불완료', tone: 'refunded' };
  if (p.status === 'partially_refunded') return { label: '부분환불', tone: 'refunded' };
  if (p.status === 'ready') return { label: '결제대기', tone: 'ready' };
  return { label: '결제취소', tone: 'cancelled' };
}
