import { sql } from 'kysely';
import type { PaymentRow } from '../db/rows';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { GatewayUnavailable } from './paymentGateway';
import { syncPayment, type PaymentServices } from './paymentSync';
import { onProviderCancelled } from './providerCancellation';

/** A verified webhook's body as far as the store reads it: it only names the payment; PortOne's record decides. */
export interface PortOneEvent {
  type: string;
  data?: { paymentId?: unknown; storeId?: unknown } | undefined;
}

/** `retry`: nothing final yet (PortOne unreachable, a refund owed); the webhook is answered 503 and PortOne sends it again. */
export type WebhookOutcome = 'settled' | 'duplicate' | 'ignored' | 'retry';

const SYNCED = new Set(['Transaction.Paid', 'Transaction.Failed']);
const CANCELLED = new Set(['Transaction.Cancelled', 'Transaction.PartialCancelled']);

/** Processes one verified webhook once per `webhook-id`. */
export async function receiveWebhook(s: PaymentServices, webhookId: string, event: PortOneEvent): Promise<WebhookOutcome> {
  const paymentId = typeof event.data?.paymentId === 'string' ? event.data.paymentId : null;
  const fresh = await one(
    s.db,
    sql<{ webhook_id: string }>`insert into portone_webhooks (webhook_id, type, payment_id, received_at)
      values (${webhookId}, ${event.type}, ${paymentId}, ${kst()}) on conflict (webhook_id) do nothing returning webhook_id`,
  );
  if (!fresh) {
    const seen = await one(s.db, sql<{ processed_at: string | null }>`select processed_at from portone_webhooks where webhook_id = ${webhookId}`);
    if (seen?.processed_at) return 'duplicate';
  }
  const outcome = await act(s, event.type, paymentId);
  if (outcome !== 'retry') await sql`update portone_webhooks set processed_at = ${kst()} where webhook_id = ${webhookId}`.execute(s.db);
  return outcome;
}

async function act(s: PaymentServices, type: string, paymentId: string | null): Promise<WebhookOutcome> {
  if (!paymentId || (!SYNCED.has(type) && !CANCELLED.has(type))) return 'ignored';
  const order = await one(s.db, sql<PaymentRow>`select * from payments where provider_payment_id = ${paymentId}`);
  if (!order) {
    console.warn(`[payments] webhook ${type} for unknown payment ${paymentId}: ignored`);
    return 'ignored';
  }
  if (CANCELLED.has(type)) {
    try {
      const provider = await s.gateway.find(paymentId);
      if (!provider) return 'ignored';
      return await onProviderCancelled(s, order, provider);
    } catch (e) {
      if (e instanceof GatewayUnavailable) return 'retry';
      throw e;
    }
  }
  const r = await syncPayment(s, order, order.provider_payment_id);
  if (r.kind === 'confirming' || (r.kind === 'refused' && r.refundOwed)) return 'retry';
  return 'settled';
}
