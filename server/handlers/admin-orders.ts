import type { components } from '../../src/api/schema.gen';
import type { PaymentRow } from '../db/rows';
import { maskedMember, orderDetail, orderPage, type OrderListRow } from '../domain/adminOrders';
import { paidMethodOf } from '../domain/orders';
import { REFUND_TABLES, type RefundDone } from '../domain/refunds';
import { cancellableOf, checkClaim, issueStoreRefund, retryClaim, unsettledClaims, type Settled } from '../domain/storeRefunds';
import { iso, isoOrNull, kst } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';
import { won } from '../lib/won';

type Schemas = components['schemas'];

const toRow = (r: OrderListRow): Schemas['AdminOrderRow'] => ({
  paymentid: r.paymentid,
  title: r.title,
  ...maskedMember(r),
  useruid: r.useruid,
  amount: r.price_total,
  paidamount: r.amount,
  refundedamount: r.refunded_amount,
  status: r.status,
  method: paidMethodOf(r),
  installmentmonth: r.installment_month,
  regdate: iso(r.created_at),
  paiddate: isoOrNull(r.paid_at),
  unsettled: r.unsettled,
});

const toDone = ({ refund, order }: RefundDone): Schemas['AdminRefundDone'] => ({
  refundid: refund.refundid,
  paymentid: order.paymentid,
  amount: refund.amount,
  status: order.status,
  refundedamount: order.refunded_amount,
  cancellable: cancellableOf(order),
  pointsrestored: refund.points_restored,
  pointstakenback: refund.points_taken_back,
  couponrestored: refund.coupon_restored,
});

const toSettled = (s: Settled): Schemas['AdminRefundSettled'] => {
  const [refund, order]: [{ refundid: number; amount: number }, PaymentRow] =
    s.outcome === 'refunded' ? [s.done.refund, s.done.order] : [s.claim, s.order];
  return {
    refundid: refund.refundid,
    paymentid: order.paymentid,
    outcome: s.outcome,
    amount: refund.amount,
    status: order.status,
    refundedamount: order.refunded_amount,
  };
};


/** The console's orders and refunds (issue 39); the roles are checked by the dispatcher (owner and operators). */
export const adminOrders = {
  async listAdminOrders({ s, body }) {
    const { rows, nextBefore } = await orderPage(s.db, body);
    return ok({ list: rows.map(toRow), nextBefore });
  },
  async getAdminOrder({ s, params }) {
    const d = await orderDetail(s.db, s.gateway, params.paymentid);
    const o = d.order;
    return ok({
      ...toRow(o),
      pointused: o.point_used,
      couponnumber: o.couponnumber,
      coupondiscount: o.coupon_discount,
      cancellable: d.cancellable,
      providerpaymentid: o.provider_payment_id,
      pgtid: o.provider_txid,
      receipturl: o.receipt_url,
      cancelleddate: isoOrNull(o.cancelled_at),
      lines: d.lines.map((l) => ({
        contentsid: l.contentsid,
        title: l.title,
        price: l.price,
        refunded: l.refunded,
        accessends: isoOrNull(l.enrolment?.end_at),
        firstused: l.firstUsed && iso(kst(l.firstUsed)),
      })),
      rulequote: d.rule,
      refunds: d.refunds.map((r) => ({
        refundid: r.refundid,
        amount: r.amount,
        status: r.status,
        unsettled: r.unsettled_at !== null,
        reason: r.reason,
        issuedby: r.issued_by ? ('staff' as const) : ('member' as const),
        pointsrestored: r.points_restored,
        pointstakenback: r.points_taken_back,
        couponrestored: r.coupon_restored,
        whole: r.whole,
        createdat: iso(r.created_at),
        donedat: isoOrNull(r.done_at),
      })),
      provider: d.provider && {
        source: d.provider.source,
        paymentid: d.provider.record.paymentId,
        status: d.provider.record.status,
        totalamount: d.provider.record.totalAmount,
        cancelledamount: d.provider.record.cancelledAmount,
        currency: d.provider.record.currency,
        method: d.provider.record.method,
        installmentmonth: d.provider.record.installmentMonth,
        txid: d.provider.record.txId,
        paidat: d.provider.record.paidAt,
        receipturl: d.provider.record.receiptUrl,
      },
      providererror: d.providerError,
    });
  },
  async refundAdminOrder(ctx) {
    const done = await issueStoreRefund(ctx.s, ctx, {
      paymentid: ctx.params.paymentid,
      amount: ctx.body.amount,
      cancellable: ctx.body.cancellable,
      reason: ctx.body.reason.trim(),
    });
    return ok(toDone(done), `${won(done.refund.amount)} 환불이 완료되었습니다.`);
  },
  async listAdminUnsettledRefunds({ s }) {
    const rows = await unsettledClaims(s.db);
    return ok(
      rows.map((r) => ({
        refundid: r.refundid,
        paymentid: r.paymentid,
        title: r.title,
        ...maskedMember({ name: r.name, email: r.email, left_at: null }),
        amount: r.amount,
        reason: r.reason,
        issuedby: r.issued_by ? ('staff' as const) : ('member' as const),
        createdat: iso(r.created_at),
        unsettledat: isoOrNull(r.unsettled_at),
      })),
    );
  },
  async checkAdminRefund(ctx) {
    const settled = await checkClaim(ctx.s, ctx, ctx.params.refundid);
    const message =
      settled.outcome === 'refunded'
        ? '결제사에서 취소가 확인되어 환불을 마무리했습니다.'
        : '결제사에서 취소되지 않은 것을 확인해 환불 요청을 정리했습니다. 주문은 그대로입니다.';
    return ok(toSettled(settled), message);
  },
  async retryAdminRefund(ctx) {
    const settled = await retryClaim(ctx.s, ctx, ctx.params.refundid);
    return ok(toSettled(settled), '환불을 마무리했습니다.');
  },
} satisfies Partial<Handlers>;

const REFUND_WRITES = [...REFUND_TABLES, 'audit_log'] as const;

export const adminOrdersCache = {
  listAdminOrders: uncachedRead,
  getAdminOrder: uncachedRead,
  refundAdminOrder: writes(REFUND_WRITES),
  listAdminUnsettledRefunds: uncachedRead,
  checkAdminRefund: writes(REFUND_WRITES),
  retryAdminRefund: writes(REFUND_WRITES),
} satisfies CacheTable<typeof adminOrders>;
