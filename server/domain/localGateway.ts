import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LocalPaymentRow } from '../db/rows';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { GatewayRefused, type PaymentGateway, type ProviderPayment } from './paymentGateway';

/** The demo's test card (server/handlers/local.ts) read as a provider: its payment id is the transaction id (`pgtid`). */
const STATUS: Record<LocalPaymentRow['status'], ProviderPayment['status']> = {
  pending: 'READY',
  approved: 'PAID',
  declined: 'FAILED',
  cancelled: 'CANCELLED',
};

function toProviderPayment(t: LocalPaymentRow): ProviderPayment {
  const status = t.status === 'approved' && t.cancelled_amount > 0 ? 'PARTIAL_CANCELLED' : STATUS[t.status];
  return {
    paymentId: t.txid,
    status,
    storeId: null,
    totalAmount: t.amount,
    cancelledAmount: t.status === 'cancelled' ? t.amount : t.cancelled_amount,
    cancelPendingAmount: 0,
    currency: 'KRW',
    txId: t.txid,
    method: t.method,
    installmentMonth: t.installment_month || null,
    receiptUrl: null,
    paidAt: null,
    orderName: null,
    customData: null,
    orderId: Number(t.merchant_uid),
  };
}

export function localGateway(db: Db): PaymentGateway {
  return {
    name: 'local',
    async find(paymentId) {
      const t = await one(db, sql<LocalPaymentRow>`select * from local_payments where txid = ${paymentId}`);
      return t ? toProviderPayment(t) : null;
    },
    // PortOne's rules and error types, so a refund behaves alike in the demo and live.
    async cancel(paymentId, request) {
      return db.transaction().execute(async (tx) => {
        const t = await one(tx, sql<LocalPaymentRow>`select * from local_payments where txid = ${paymentId} for update`);
        if (!t) throw new GatewayRefused('PAYMENT_NOT_FOUND', 'payment not found');
        if (t.status === 'cancelled') throw new GatewayRefused('PAYMENT_ALREADY_CANCELLED', 'payment already cancelled');
        if (t.status !== 'approved') throw new GatewayRefused('PAYMENT_NOT_PAID', 'payment not paid');
        const cancellable = t.amount - t.cancelled_amount;
        if (request.currentCancellableAmount !== undefined && request.currentCancellableAmount !== cancellable)
          throw new GatewayRefused('CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', 'cancellable amount differs');
        const amount = request.amount ?? cancellable;
        if (amount > cancellable || amount <= 0)
          throw new GatewayRefused('CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', 'cancel amount exceeds the cancellable amount');
        const whole = amount === cancellable;
        await sql`update local_payments set cancelled_amount = cancelled_amount + ${amount},
          status = ${whole ? 'cancelled' : 'approved'} where txid = ${paymentId}`.execute(tx);
        return { status: 'SUCCEEDED' as const, cancelledAmount: amount };
      });
    },
    async settle(tx, paymentId) {
      await sql`update local_payments set consumed_at = ${kst()} where txid = ${paymentId}`.execute(tx);
    },
  };
}
