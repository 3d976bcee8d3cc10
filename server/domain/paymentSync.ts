import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentRow } from '../db/rows';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { FULFIL_TABLES, idsOf, fulfil, lockMember } from './orders';
import { classesOwnedNow } from './ownership';
import { couponByCode, couponSpent } from './coupons';
import { GatewayRefused, GatewayUnavailable, type PaymentGateway, type ProviderPayment } from './paymentGateway';

/**
 * The only way an order becomes paid: from the provider's own record of its payment (PortOne's, or the demo's test
 * card), never from the browser's word. UpdatePaid and PortOne's webhook both call it, in any order and any number
 * of times; the order's row lock makes one of them settle it and the others find it settled.
 */

export const AMOUNT_MISMATCH = '결제 금액이 주문 금액과 일치하지 않습니다.';
export const CONFIRMING = '결제 확인 중입니다. 잠시 후 결제내역에서 확인해주세요.';
export const ALREADY_PAID = '이미 결제가 완료된 주문입니다.';
const NOT_FOUND = '결제 승인 내역을 찾을 수 없습니다.';
const NOT_APPROVED = '승인되지 않은 결제입니다.';
const NOT_OPEN = '결제를 완료할 수 없는 주문 상태입니다.';
const TIME_UP = '결제 가능 시간이 지났습니다. 다시 주문해주세요.';

/** What a sync may write, for the cache declarations of the operations that call it. */
export const SYNC_TABLES = ['payments', 'local_payments', ...FULFIL_TABLES] as const;

/**
 * Paid, whatever refunds came after (server/domain/refunds.ts): a partly refunded order's payment shows at the
 * provider as PARTIAL_CANCELLED, and a replayed confirmation of it must find it paid, not cancel the rest.
 */
export const wasPaid = (status: PaymentRow['status']) => status === 'paid' || status === 'partially_refunded' || status === 'refunded';

export interface PaymentServices {
  db: Db;
  gateway: PaymentGateway;
}

export type Settlement =
  /** `before`: it was already paid (by this payment) when the call came. */
  | { kind: 'paid'; order: PaymentRow; before: boolean }
  /** The provider could not be asked: the order stays open, does not expire, and is settled by a webhook or a retry. */
  | { kind: 'confirming'; order: PaymentRow }
  /** Not paid, with the member's message; any charge the order will not keep has been (or is owed to be) cancelled. */
  | { kind: 'refused'; order: PaymentRow; status: 404 | 409; message: string; refundOwed?: boolean };

/** `owedByOrder`: the order records the cancel it owes (refund_due) until the provider took it. */
type Decision = Settlement | { kind: 'refund'; order: PaymentRow; message: string; reason: string; owedByOrder: boolean };

const refused = (order: PaymentRow, status: 404 | 409, message: string): Settlement => ({ kind: 'refused', order, status, message });

/**
 * Settles `order` from the provider's record of `providerPaymentId` (PortOne: the order's provider_payment_id; the
 * local card: the transaction the browser approved).
 */
export async function syncPayment(s: PaymentServices, order: PaymentRow, providerPaymentId: string): Promise<Settlement> {
  const same = providerPaymentId === order.provider_payment_id || providerPaymentId === order.provider_txid;
  if (wasPaid(order.status) && same) return { kind: 'paid', order, before: true };
  // Refused already (the webhook came first): the member hears why, not that the cancelled payment is unapproved.
  if (order.refused_reason && !order.refund_due && (order.status === 'failed' || order.status === 'cancelled'))
    return refused(order, 409, order.refused_reason);
  // A refusal whose cancel the provider did not take yet: this sync pays it.
  if (order.refund_due && order.status !== 'paid') {
    const owed = !(await refundCharge(s, order, providerPaymentId, `${order.refund_due} (order ${order.paymentid})`, true, true));
    return { ...refused(order, 409, order.refund_due), refundOwed: owed } as Settlement;
  }
  let provider: ProviderPayment | null;
  try {
    provider = await s.gateway.find(providerPaymentId);
  } catch (e) {
    if (!(e instanceof GatewayUnavailable)) throw e;
    console.warn(`[payments] order ${order.paymentid}: ${e.message}; confirming later`);
    if (order.status !== 'ready') return refused(order, 409, order.status === 'paid' ? ALREADY_PAID : NOT_OPEN);
    return markConfirming(s.db, order);
  }
  if (!provider || provider.paymentId !== providerPaymentId || (s.gateway.storeId && provider.storeId !== s.gateway.storeId))
    return refused(order, 404, NOT_FOUND);
  // Another order's payment: it is not this order's to keep or to cancel.
  if (provider.orderId != null && provider.orderId !== order.paymentid) return refused(order, 409, AMOUNT_MISMATCH);
  switch (provider.status) {
    case 'READY':
    case 'PAY_PENDING':
    case 'VIRTUAL_ACCOUNT_ISSUED':
      return refused(order, 409, NOT_APPROVED);
    case 'FAILED':
      return refused(await endOpenOrder(s.db, order, 'failed'), 409, NOT_APPROVED);
    case 'CANCELLED':
      return refused(await endOpenOrder(s.db, order, 'cancelled'), 409, NOT_APPROVED);
    default: {
      const decision = await s.db.transaction().execute((tx) => settleCharged(tx, s.gateway, order.paymentid, provider));
      if (decision.kind !== 'refund') return decision;
      const owed = !(await refundCharge(s, decision.order, providerPaymentId, decision.reason, decision.owedByOrder));
      return { ...refused(decision.order, 409, decision.message), refundOwed: owed } as Settlement;
    }
  }
}

/** A charge of the provider's (PAID, or PARTIAL_CANCELLED at the provider's side) against the order, under its lock. */
async function settleCharged(tx: Db, gateway: PaymentGateway, paymentid: number, provider: ProviderPayment): Promise<Decision> {
  const head = await one(tx, sql<PaymentRow>`select useruid from payments where paymentid = ${paymentid}`);
  // The member's lock first, as Save and every other writer of the member's money take it, then the order's.
  const balance = await lockMember(tx, head!.useruid);
  const p = (await one(tx, sql<PaymentRow>`select * from payments where paymentid = ${paymentid} for update`))!;
  // The money is kept only by a paid order: every refusal below cancels the charge at the provider.
  const refuse = async (status: 'failed' | 'cancelled' | null, message: string): Promise<Decision> => {
    const order = await one(
      tx,
      sql<PaymentRow>`update payments set status = coalesce(${status}, status),
        cancelled_at = case when ${status}::text is null then cancelled_at else ${kst()} end,
        confirming_at = null, refund_due = ${message}, refused_reason = coalesce(refused_reason, ${message}) where paymentid = ${paymentid} returning *`,
    );
    return { kind: 'refund', order: order!, message, reason: `${message} (order ${paymentid})`, owedByOrder: true };
  };
  if (wasPaid(p.status)) {
    if (provider.paymentId === p.provider_payment_id || provider.txId === p.provider_txid) return { kind: 'paid', order: p, before: true };
    // A second approval for a paid order (the local card can make one): refunded, the order keeps its own.
    return { kind: 'refund', order: p, message: ALREADY_PAID, reason: `${ALREADY_PAID} (order ${paymentid})`, owedByOrder: false };
  }
  if (p.status !== 'ready') return refuse(null, NOT_OPEN);
  if (provider.status !== 'PAID' || provider.cancelledAmount > 0 || provider.currency !== 'KRW' || provider.totalAmount !== p.amount)
    return refuse('failed', AMOUNT_MISMATCH);
  // Paid in time is what counts: a webhook may arrive after the order's 30 minutes for a payment made within them.
  const paidAt = provider.paidAt ? kst(new Date(provider.paidAt)) : kst();
  if (p.expires_at && p.expires_at < paidAt) return refuse('cancelled', TIME_UP);
  if ((await classesOwnedNow(tx, p.useruid, idsOf(p), p.paymentid)).length) return refuse('failed', '이미 수강 중인 강의가 포함된 주문입니다.');
  if (p.point_used > balance) return refuse('failed', '보유 포인트가 부족합니다.');
  if (p.couponnumber) {
    const c = await couponByCode(tx, p.couponnumber, p.useruid, true);
    if (!c || (await couponSpent(tx, c, p.useruid))) return refuse('failed', '이미 사용한 쿠폰입니다.');
  }
  await gateway.settle?.(tx, provider.paymentId);
  const paid = await one(
    tx,
    sql<PaymentRow>`update payments set status = 'paid', paid_at = ${kst()}, provider_txid = ${provider.txId ?? provider.paymentId},
      receipt_url = ${receiptLink(provider.receiptUrl)}, confirming_at = null,
      paid_method = ${provider.method}, installment_month = ${provider.installmentMonth ?? 0} where paymentid = ${paymentid} returning *`,
  );
  await fulfil(tx, paid!);
  return { kind: 'paid', order: paid!, before: false };
}

/**
 * Cancels at the provider what the store will not keep. When the provider cannot be reached the debt stays in
 * `refund_due`, and the next sync of the order (a webhook PortOne retries, a retried UpdatePaid) pays it.
 */
async function refundCharge(
  s: PaymentServices,
  order: PaymentRow,
  providerPaymentId: string,
  reason: string,
  byOrder: boolean,
  askedBefore = false,
): Promise<boolean> {
  const settled = (cancelled: number) =>
    byOrder
      ? sql`update payments set refund_due = null, provider_cancelled_amount = provider_cancelled_amount + ${cancelled}
          where paymentid = ${order.paymentid}`.execute(s.db)
      : undefined;
  try {
    // Asked before: a cancel the provider took but is still carrying out (REQUESTED) is waited for, never asked twice;
    // one carried out since settles from the provider's record (issue 41: a REQUESTED cancel is not a done one).
    if (askedBefore) {
      const now = await s.gateway.find(providerPaymentId);
      if (now && now.cancelPendingAmount > 0) return false;
      if (now && now.cancelledAmount >= now.totalAmount) {
        await settled(Math.max(0, now.cancelledAmount - order.provider_cancelled_amount));
        return true;
      }
    }
    const r = await s.gateway.cancel(providerPaymentId, { reason });
    if (r.status !== 'SUCCEEDED') {
      // REQUESTED: owed until the provider carries it out; FAILED: nothing moved, asked again on the next sync.
      console.warn(`[payments] order ${order.paymentid}: the provider answered the cancel ${r.status}; owed until it is done`);
      return false;
    }
    await settled(r.cancelledAmount);
    console.info(`[payments] order ${order.paymentid}: cancelled ${r.cancelledAmount} at the provider (${reason})`);
    return true;
  } catch (e) {
    if (e instanceof GatewayUnavailable) {
      console.error(`[payments] order ${order.paymentid}: cancel owed at the provider, retried on the next sync (${e.message})`);
      return false;
    }
    if (!(e instanceof GatewayRefused)) throw e;
    // Already cancelled or never paid: nothing is kept, so nothing is owed.
    await settled(0);
    if (e.type !== 'PAYMENT_ALREADY_CANCELLED' && e.type !== 'PAYMENT_NOT_PAID')
      console.error(`[payments] order ${order.paymentid}: the provider refused the cancel (${e.type}: ${e.message})`);
    return true;
  }
}

async function markConfirming(db: Db, order: PaymentRow): Promise<Settlement> {
  const o = await one(
    db,
    sql<PaymentRow>`update payments set confirming_at = coalesce(confirming_at, ${kst()})
      where paymentid = ${order.paymentid} and status = 'ready' returning *`,
  );
  if (o) return { kind: 'confirming', order: o };
  const now = (await one(db, sql<PaymentRow>`select * from payments where paymentid = ${order.paymentid}`))!;
  return now.status === 'paid' ? { kind: 'paid', order: now, before: true } : refused(now, 409, NOT_OPEN);
}

/** The provider ended the payment without charging: the open order ends too, releasing its coupon and points. */
export async function endOpenOrder(db: Db, order: PaymentRow, status: 'failed' | 'cancelled'): Promise<PaymentRow> {
  const o = await one(
    db,
    sql<PaymentRow>`update payments set status = ${status}, cancelled_at = ${kst()}, confirming_at = null
      where paymentid = ${order.paymentid} and status = 'ready' returning *`,
  );
  return o ?? (await one(db, sql<PaymentRow>`select * from payments where paymentid = ${order.paymentid}`))!;
}

/** Only a web address is kept as a receipt link: the page renders it as a link a member follows. */
function receiptLink(url: string | null): string | null {
  if (!url) return null;
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
