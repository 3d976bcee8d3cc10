// The webhook's own entry: the SDK's index loads its whole REST surface (0.4-0.6 s of every server's start).
import * as Webhook from '@portone/server-sdk/webhook';
import { fail } from '../lib/failure';
import { ok, type Handlers } from '../openapi/typed';
import { writes, type CacheTable } from '../openapi/cacheTags';
import { receiveWebhook } from '../domain/portoneWebhook';
import { SYNC_TABLES } from '../domain/paymentSync';

/** PortOne's webhook (server to server): verified over the exact body, then settled by server/domain/portoneWebhook.ts. */
export const paymentPortOne = {
  async portOneWebhook(ctx) {
    const secret = ctx.s.webhookSecret;
    if (ctx.s.gateway.name !== 'portone' || !secret) return fail(404, '요청하신 정보를 찾을 수 없습니다.');
    const headers = Object.fromEntries(ctx.req.headers);
    try {
      await Webhook.verify(secret, ctx.rawBody ?? '', headers);
    } catch (e) {
      if (!(e instanceof Webhook.WebhookVerificationError)) throw e;
      console.warn(`[payments] webhook refused: ${e.reason}`);
      return fail(400, '웹훅 서명을 확인할 수 없습니다.');
    }
    const outcome = await receiveWebhook(ctx.s, headers['webhook-id']!, ctx.body);
    if (outcome === 'retry') return fail(503, '결제사와 연결할 수 없습니다. 잠시 후 다시 시도해주세요.');
    return ok({ outcome });
  },
} satisfies Partial<Handlers>;

export const paymentPortOneCache = {
  portOneWebhook: writes([...SYNC_TABLES, 'portone_webhooks']),
} satisfies CacheTable<typeof paymentPortOne>;
