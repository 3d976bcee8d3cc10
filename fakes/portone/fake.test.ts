import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentClient, RestError, Webhook } from '@portone/server-sdk';
import { startFakePortOne, type FakePortOne } from './index.ts';
import { newWebhookSecret } from './webhooks.ts';

/** The real `@portone/server-sdk` against the fake: what passes here is what the store's adapter relies on. */
const STORE = 'store-fake-0001';
const SECRET = 'portone-api-secret-for-tests';
const WEBHOOK_SECRET = newWebhookSecret();

let fake: FakePortOne;
let receiver: { url: string; got: { headers: IncomingMessage['headers']; body: string }[]; close(): Promise<void> };
let client: ReturnType<typeof PaymentClient>;

beforeAll(async () => {
  const got: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
  fake = await startFakePortOne({ apiSecret: SECRET, webhookSecret: WEBHOOK_SECRET, storeId: STORE, webhookUrl: receiver.url });
  client = PaymentClient({ secret: SECRET, baseUrl: fake.url, storeId: STORE });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});

const create = (paymentId: string, totalAmount = 50000) =>
  fake.store.createPayment({ paymentId, storeId: STORE, channelKey: 'channel-key-card', orderName: '매트 필라테스', totalAmount, currency: 'CURRENCY_KRW', method: 'card', installmentMonth: 3 });

async function typeOf(call: Promise<unknown>): Promise<string> {
  const e = await call.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RestError);
  return String((e as RestError).data.type);
}

describe('the fake PortOne through the real server SDK', () => {
  it('answers a paid payment in PortOne\'s shape', async () => {
    create('pay-sdk-1');
    fake.store.approve('pay-sdk-1');
    const p = await client.getPayment({ paymentId: 'pay-sdk-1', storeId: STORE });
    expect(p.status).toBe('PAID');
    if (p.status !== 'PAID') return;
    expect(p).toMatchObject({ id: 'pay-sdk-1', storeId: STORE, currency: 'KRW', amount: { total: 50000, cancelled: 0 } });
    expect(p.method).toEqual({ type: 'PaymentMethodCard', installment: { month: 3, isInterestFree: false } });
    expect(p.receiptUrl).toBe(`${fake.url}/receipts/pay-sdk-1`);
    expect((await fetch(p.receiptUrl!)).status).toBe(200);
  });

  it('refuses an unknown payment, a wrong secret and another store', async () => {
    expect(await typeOf(client.getPayment({ paymentId: 'pay-none' }))).toBe('PAYMENT_NOT_FOUND');
    const wrong = PaymentClient({ secret: 'not-the-secret', baseUrl: fake.url });
    expect(await typeOf(wrong.getPayment({ paymentId: 'pay-sdk-1', storeId: STORE }))).toBe('UNAUTHORIZED');
    expect(await typeOf(client.getPayment({ paymentId: 'pay-sdk-1', storeId: 'store-other' }))).toBe('PAYMENT_NOT_FOUND');
  });

  it('cancels in part and in whole, with PortOne\'s refusals', async () => {
    create('pay-sdk-2', 30000);
    expect(await typeOf(client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '환불' }))).toBe('PAYMENT_NOT_PAID');
    fake.store.approve('pay-sdk-2');
    expect(await typeOf(client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '환불', amount: 10000, currentCancellableAmount: 29000 }))).toBe(
      'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN',
    );
    const part = await client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '부분 환불', amount: 10000, currentCancellableAmount: 30000 });
    expect(part.cancellation).toMatchObject({ status: 'SUCCEEDED', totalAmount: 10000 });
    expect((await client.getPayment({ paymentId: 'pay-sdk-2', storeId: STORE })).status).toBe('PARTIAL_CANCELLED');
    expect(await typeOf(client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '환불', amount: 30000 }))).toBe('CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT');
    await client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '나머지 환불' });
    const p = await client.getPayment({ paymentId: 'pay-sdk-2', storeId: STORE });
    expect(p).toMatchObject({ status: 'CANCELLED', amount: { cancelled: 30000 } });
    expect(await typeOf(client.cancelPayment({ paymentId: 'pay-sdk-2', reason: '환불' }))).toBe('PAYMENT_ALREADY_CANCELLED');
  });

  it('answers a cancel REQUESTED when told, lists it on the paid payment, and carries it out or fails it later', async () => {
    create('pay-sdk-3', 20000);
    fake.store.approve('pay-sdk-3');
    fake.store.answerCancels('REQUESTED');
    const asked = await client.cancelPayment({ paymentId: 'pay-sdk-3', reason: '환불', amount: 8000, currentCancellableAmount: 20000 });
    fake.store.answerCancels('SUCCEEDED');
    expect(asked.cancellation).toMatchObject({ status: 'REQUESTED', totalAmount: 8000 });
    const waiting = await client.getPayment({ paymentId: 'pay-sdk-3', storeId: STORE });
    expect(waiting).toMatchObject({ status: 'PAID', amount: { cancelled: 0 }, cancellations: [{ status: 'REQUESTED', totalAmount: 8000 }] });
    // What PortOne is still cancelling cannot be cancelled again.
    expect(await typeOf(client.cancelPayment({ paymentId: 'pay-sdk-3', reason: '환불', amount: 20000 }))).toBe('CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT');
    fake.store.finishCancel('pay-sdk-3', 'FAILED');
    expect(await client.getPayment({ paymentId: 'pay-sdk-3', storeId: STORE })).toMatchObject({ status: 'PAID', amount: { cancelled: 0 }, cancellations: [{ status: 'FAILED' }] });
    fake.store.answerCancels('REQUESTED');
    await client.cancelPayment({ paymentId: 'pay-sdk-3', reason: '환불', amount: 8000, currentCancellableAmount: 20000 });
    fake.store.answerCancels('SUCCEEDED');
    fake.store.finishCancel('pay-sdk-3', 'SUCCEEDED');
    const done = await client.getPayment({ paymentId: 'pay-sdk-3', storeId: STORE });
    expect(done).toMatchObject({ status: 'PARTIAL_CANCELLED', amount: { cancelled: 8000 } });
    expect('cancellations' in done && done.cancellations?.map((c) => c.status)).toEqual(['FAILED', 'SUCCEEDED']);
  });

  it('answers 503 or drops the connection when made unreachable', async () => {
    fake.store.unreachable(true);
    await expect(client.getPayment({ paymentId: 'pay-sdk-1', storeId: STORE })).rejects.toBeInstanceOf(SyntaxError);
    fake.store.unreachable('drop');
    await expect(client.getPayment({ paymentId: 'pay-sdk-1', storeId: STORE })).rejects.toThrow(/fetch failed/);
    fake.store.unreachable(false);
    expect((await client.getPayment({ paymentId: 'pay-sdk-1', storeId: STORE })).status).toBe('PAID');
  });
});

describe('the fake\'s webhooks through the real Webhook.verify', () => {
  it('signs each change so the SDK accepts it, and a forgery or a stale one is refused', async () => {
    receiver.got.length = 0;
    create('pay-hook-1');
    fake.store.approve('pay-hook-1');
    await fake.webhooks.settled();
    const paid = receiver.got.find((g) => g.body.includes('pay-hook-1'))!;
    const verified = await Webhook.verify(WEBHOOK_SECRET, paid.body, paid.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'Transaction.Paid', data: { storeId: STORE, paymentId: 'pay-hook-1' } });

    const event = { type: 'Transaction.Paid' as const, payment: fake.store.find('pay-hook-1')! };
    await fake.webhooks.send(event, { secret: newWebhookSecret() });
    await fake.webhooks.send(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const [forged, stale] = receiver.got.slice(-2);
    await expect(Webhook.verify(WEBHOOK_SECRET, forged!.body, forged!.headers as Record<string, string>)).rejects.toMatchObject({ reason: 'NO_MATCHING_SIGNATURE' });
    await expect(Webhook.verify(WEBHOOK_SECRET, stale!.body, stale!.headers as Record<string, string>)).rejects.toMatchObject({ reason: 'TIMESTAMP_TOO_OLD' });
  });

  it('sends twice with one id, and holds webhooks to deliver them out of order', async () => {
    receiver.got.length = 0;
    create('pay-hook-2');
    const payment = fake.store.find('pay-hook-2')!;
    await fake.webhooks.send({ type: 'Transaction.Paid', payment }, { times: 2 });
    expect(receiver.got.map((g) => g.headers['webhook-id'])).toEqual([receiver.got[0]!.headers['webhook-id'], receiver.got[0]!.headers['webhook-id']]);

    receiver.got.length = 0;
    fake.webhooks.hold();
    fake.store.approve('pay-hook-2');
    fake.store.cancel('pay-hook-2', { reason: '취소' });
    expect(fake.webhooks.heldCount).toBe(2);
    await fake.webhooks.release('reverse');
    expect(receiver.got.map((g) => (JSON.parse(g.body) as { type: string }).type)).toEqual(['Transaction.Cancelled', 'Transaction.Paid']);
  });
});
