/**
 * A local stand-in for PortOne V2 (api.portone.io), so the real `@portone/server-sdk` and the real backend confirm
 * payments on this machine without internet: `GET /payments/{paymentId}` and `POST /payments/{paymentId}/cancel` in
 * PortOne's shapes and errors (`{type, message}`), `Authorization: PortOne <secret>` checked, and the webhooks PortOne
 * sends on every change of a payment (webhooks.ts). Payments live in memory (store.ts); one fake per test file.
 *
 * The browser SDK's hosted side (`/v2/browser-sdk.js` and its payment window) is mounted with `mount` (or the
 * `routes` option) by the checkout's own stand-in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPortOneStore, PortOneFailure, type PortOneStore } from './store.ts';
import { createWebhookSender, type WebhookSender } from './webhooks.ts';

/** A route of the hosted checkout: answers (true) or leaves the request to the next (false). */
export type FakeRoute = (req: IncomingMessage, res: ServerResponse, url: URL, fake: FakePortOne) => boolean | Promise<boolean>;

export interface FakePortOneOptions {
  port?: number;
  /** The store's PortOneWebhook URL; also settable later with `webhooks.target(url)`. */
  webhookUrl?: string;
  webhookSecret: string;
  apiSecret: string;
  storeId: string;
  // ---- the hosted checkout (browser SDK stand-in) mounts here ----
  routes?: FakeRoute[];
}

export interface FakePortOne {
  url: string;
  storeId: string;
  store: PortOneStore;
  webhooks: WebhookSender;
  /** Adds routes of the hosted checkout (tried before the REST API). */
  mount(...routes: FakeRoute[]): void;
  /** REST calls received, for tests that check what the store asked. */
  calls: { method: string; path: string; body: unknown }[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePortOne(options: FakePortOneOptions): Promise<FakePortOne> {
  let origin = '';
  const store = createPortOneStore({ origin: () => origin });
  const webhooks = createWebhookSender({ url: options.webhookUrl, secret: options.webhookSecret });
  // PortOne sends a webhook on every change; Ready ones the store is not subscribed to in practice.
  store.onEvent((e) => {
    if (e.type !== 'Transaction.Ready') void webhooks.send(e);
  });
  const routes: FakeRoute[] = [...(options.routes ?? [])];
  const calls: FakePortOne['calls'] = [];

  async function rest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const m = /^\/payments\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (!m) return json(res, 404, { type: 'NOT_FOUND', message: 'no such API' });
    const text = await readBody(req);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ method: req.method ?? '', path: url.pathname, body });
    if (store.reachability === 'drop') return void req.socket.destroy();
    if (store.reachability === 'down') {
      res.writeHead(503, { 'content-type': 'text/html' });
      return void res.end('<html><body>503 Service Temporarily Unavailable</body></html>');
    }
    if (req.headers.authorization !== `PortOne ${options.apiSecret}`)
      return json(res, 401, { type: 'UNAUTHORIZED', message: '인증 정보가 올바르지 않습니다.' });
    const paymentId = decodeURIComponent(m[1]!);
    const storeId = (m[2] ? body.storeId : url.searchParams.get('storeId')) ?? options.storeId;
    try {
      const p = store.find(paymentId);
      // Another store's payment does not exist for this caller.
      if (!p || p.storeId !== storeId) throw new PortOneFailure(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
      if (!m[2] && req.method === 'GET') return json(res, 200, store.wire(p));
      if (m[2] && req.method === 'POST') {
        const cancellation = store.cancel(paymentId, body as { amount?: number; reason?: string; currentCancellableAmount?: number });
        // PortOne cancelled, and the answer never reaches the store.
        if (store.reachability === 'lose-answer') return void req.socket.destroy();
        return json(res, 200, { cancellation });
      }
      return json(res, 405, { type: 'INVALID_REQUEST', message: 'method not allowed' });
    } catch (e) {
      if (e instanceof PortOneFailure) return json(res, e.status, { type: e.type, message: e.message });
      throw e;
    }
  }

  const fake: FakePortOne = {
    get url() {
      return origin;
    },
    storeId: options.storeId,
    store,
    webhooks,
    calls,
    mount: (...more) => void routes.push(...more),
    async close() {
      await webhooks.settled();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      for (const route of routes) if (await route(req, res, url, fake)) return;
      const receipt = /^\/receipts\/([^/]+)$/.exec(url.pathname);
      if (receipt && req.method === 'GET') {
        const p = store.find(decodeURIComponent(receipt[1]!));
        res.writeHead(p ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(p ? `<h1>영수증</h1><p>${p.orderName}</p><p>${p.totalAmount.toLocaleString('ko-KR')}원</p>` : 'not found');
      }
      await rest(req, res, url);
    })().catch((e: unknown) => {
      if (!res.headersSent) json(res, 500, { type: 'INTERNAL', message: String(e) });
    });
  });
  // A hosted API keeps idle connections far longer than node's 5 s; a shorter server side races the SDK's reuse.
  Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  await new Promise<void>((ok) => server.listen(options.port ?? 0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
