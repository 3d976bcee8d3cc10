import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PaymentEvent } from './store.ts';

/**
 * PortOne's webhook sender, signed per Standard Webhooks as PortOne signs (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, key = the base64 after `whsec_`), with the
 * body of PortOne's 2024-04-25 webhooks. Tests can send twice, late, out of order (hold, then release), stale or
 * with a forged signature.
 */

/** A secret in PortOne's format. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: Record<string, string>;
}

export function bodyOf(event: PaymentEvent, at = new Date()): WebhookBody {
  const p = event.payment;
  const data: Record<string, string> = { storeId: p.storeId, paymentId: p.paymentId, transactionId: p.transactionId };
  if (event.cancellationId) data.cancellationId = event.cancellationId;
  return { type: event.type, timestamp: at.toISOString(), data };
}

export interface SendOptions {
  /** Deliver this many times with the same webhook-id (PortOne's at-least-once delivery). */
  times?: number;
  delayMs?: number;
  /** Seconds since the epoch written in `webhook-timestamp` (a stale one: 6 minutes ago). */
  timestamp?: number;
  /** Sign with another secret (a forgery). */
  secret?: string;
  id?: string;
}

export interface Delivery {
  id: string;
  type: string;
  paymentId: string;
  /** The store's HTTP status, or 0 when it could not be reached. */
  status: number;
  response: unknown;
}

export function createWebhookSender(options: { url?: string | undefined; secret: string }) {
  let url = options.url;
  let holding = false;
  const held: (() => Promise<Delivery[]>)[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const deliveries: Delivery[] = [];

  async function post(id: string, body: WebhookBody, o: SendOptions): Promise<Delivery> {
    const text = JSON.stringify(body);
    const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
    const d: Delivery = { id, type: body.type, paymentId: body.data.paymentId ?? '', status: 0, response: undefined };
    try {
      const res = await fetch(url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(o.secret ?? options.secret, id, timestamp, text),
          'user-agent': 'PortOne-Webhook (fake)',
        },
        body: text,
      });
      d.status = res.status;
      d.response = await res.json().catch(() => undefined);
    } catch {
      d.status = 0;
    }
    deliveries.push(d);
    return d;
  }

  function deliver(body: WebhookBody, o: SendOptions): Promise<Delivery[]> {
    const id = o.id ?? `whk_${randomUUID()}`;
    const run = async () => {
      if (o.delayMs) await new Promise((ok) => setTimeout(ok, o.delayMs));
      const out: Delivery[] = [];
      for (let i = 0; i < (o.times ?? 1); i++) out.push(await post(id, body, o));
      return out;
    };
    if (holding) {
      return new Promise((ok) => held.push(() => run().then((r) => (ok(r), r))));
    }
    const p = run();
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  return {
    /** Where webhooks go (the store's PortOneWebhook URL); settable once the store listens. */
    target(to: string | undefined) {
      url = to;
    },
    get url() {
      return url;
    },
    /** Sends the webhook of a payment event (the fake sends one on every change when a target is set). */
    send(event: PaymentEvent, o: SendOptions = {}): Promise<Delivery[]> {
      if (!url) return Promise.resolve([]);
      return deliver(bodyOf(event), o);
    },
    /** Sends any body (an unknown type, a body for another store). */
    sendRaw(body: WebhookBody, o: SendOptions = {}): Promise<Delivery[]> {
      return deliver(body, o);
    },
    /** Holds every webhook until `release`, to deliver them late or out of order. */
    hold() {
      holding = true;
    },
    /** Sends what was held (newest first with `reverse`) and stops holding. */
    async release(order: 'sent' | 'reverse' = 'sent'): Promise<Delivery[]> {
      holding = false;
      const queue = held.splice(0);
      if (order === 'reverse') queue.reverse();
      const out: Delivery[] = [];
      for (const run of queue) out.push(...(await run()));
      return out;
    },
    /** Resolves once every webhook sent so far has been answered. */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    deliveries,
    get heldCount() {
      return held.length;
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
