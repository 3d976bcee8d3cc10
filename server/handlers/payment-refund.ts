import type { components } from '../../src/api/schema.gen';
import type { RefundRow } from '../db/rows';
import { idsOf } from '../domain/orders';
import { ownUser } from '../domain/access';
import { refundQuote, requestRefund, REFUND_TABLES } from '../domain/refunds';
import { iso } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/** Refunds (청약철회): the quote a member sees before confirming, and the refund itself (server/domain/refunds.ts). */

const toRefund = (
  r: RefundRow,
  status: components['schemas']['PaymentStatus'],
  refundedamount: number,
): components['schemas']['Refund'] => ({
  refundid: r.refundid,
  paymentid: r.paymentid,
  amount: r.amount,
  contentsids: idsOf(r),
  pointsrestored: r.points_restored,
  pointstakenback: r.points_taken_back,
  pointsshortfall: r.points_shortfall,
  couponrestored: r.coupon_restored,
  status,
  refundedamount,
  refunddate: iso(r.done_at ?? r.created_at),
});

export const paymentRefund = {
  async getRefundQuote(ctx) {
    const q = await refundQuote(ctx.s.db, ownUser(ctx, undefined), ctx.params.paymentid);
    return ok({
      paymentid: q.paymentid,
      refundable: q.refundable,
      basis: q.basis,
      amount: q.amount,
      contentsids: q.contentsids,
      pointsrestored: q.pointsRestored,
      pointstakenback: q.pointsTakenBack,
      pointsshortfall: q.pointsShortfall,
      couponnumber: q.couponnumber,
      couponrestored: q.couponRestored,
      refundedamount: q.refundedamount,
      reasons: q.reasons,
    });
  },
  async requestRefund(ctx) {
    const me = ownUser(ctx, undefined);
    const { paymentid, reason, amount } = ctx.body;
    const done = await requestRefund(ctx.s, me, {
      paymentid,
      reason,
      amount,
      idempotencyKey: ctx.req.headers.get('idempotency-key'),
    });
    const r = done.refund;
    const message = `${r.amount.toLocaleString('ko-KR')}원 환불이 완료되었습니다.`;
    return ok(toRefund(r, done.order.status, done.order.refunded_amount), message);
  },
} satisfies Partial<Handlers>;

export const paymentRefundCache = {
  getRefundQuote: uncachedRead,
  requestRefund: writes(REFUND_TABLES),
} satisfies CacheTable<typeof paymentRefund>;
