import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { startFakePortOne, type FakePortOne } from '../../fakes/portone/index.ts';
import { newWebhookSecret, sign } from '../../fakes/portone/webhooks.ts';
import { kst } from '../lib/time';
import { missingSecrets } from '../lib/secrets';
import { createApp } from '../app';
import { createLocalAuth } from '../local/auth';

// Issue 25: with PortOne, an order becomes paid only from PortOne's own record, through UpdatePaid or the webhook,
// in any order, once. PortOne is the local fake (fakes/portone) at its real wire; the server uses the real SDK.
const STORE = 'store-4f1c0a2e-fake';
const API_SECRET = 'portone-api-secret-portone-sync-test';
const WEBHOOK_SECRET = newWebhookSecret();
const MISMATCH = '결제 금액이 주문 금액과 일치하지 않습니다.';
const CONFIRMING = '결제 확인 중입니다. 잠시 후 결제내역에서 확인해주세요.';

let portone: FakePortOne;
let server: TestServer;
let other: string; // u-demo-2's token
let hook: string;

beforeAll(async () => {
  portone = await startFakePortOne({ apiSecret: API_SECRET, webhookSecret: WEBHOOK_SECRET, storeId: STORE });
  server = await testServer({
    env: { PORTONE_API_SECRET: API_SECRET, PORTONE_API_BASE: portone.url, PORTONE_STORE_ID: STORE, PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  hook = `${server.url}/api/Payment/PortOneWebhook`;
  portone.webhooks.target(hook);
  other = (await server.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false })).json.datas
    .accessToken;
}, 30_000);
afterAll(async () => {
  await portone?.close();
  await server?.close();
});

interface Order {
  paymentid: number;
  providerpaymentid: string;
  paidamount: number;
  contentsid: number;
}

const price = async (contentsid: number): Promise<number> =>
  (await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [contentsid] } })).json.datas[0].saleprice;

async function order(contentsid: number, pointused = 0): Promise<Order> {
  const amount = await price(contentsid);
  const saved = await server.call('POST', '/api/Payment/Save/', {
    body: { useruid: 'u-demo-1', contentsids: [contentsid], title: '주문', amount, pointused, couponnumber: null, coupondiscount: 0, paidamount: amount - pointused, paymethod: 'card' },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return { ...(saved.json.datas as Omit<Order, 'contentsid'>), contentsid };
}

/** What the browser SDK's window does at PortOne: the member pays `amount` (the order's unless tampered). */
function payAtPortOne(o: Order, amount = o.paidamount) {
  portone.store.payByCard(o.providerpaymentid, STORE, amount);
}

const updatePaid = (o: Order, token?: string) =>
  server.call('POST', '/api/Payment/UpdatePaid/', {
    body: { paymentid: o.paymentid, pgtid: o.providerpaymentid, amount: o.paidamount },
    ...(token ? { headers: { Authorization: `Bearer ${token}` }, auth: false } : {}),
  });
const info = async (o: Order) => (await server.call('GET', `/api/Payment/GetInfo/${o.paymentid}/0`)).json.datas;
const owns = async (contentsid: number) =>
  (await server.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: 'u-demo-1', contentsids: [contentsid] } })).json.datas
    .iscomplete as boolean;
const balance = async () => (await server.call('GET', '/api/Point/GetPointSum/u-demo-1')).json.datas.pointSum as number;
/** The point ledger lines of one order, as 포인트 내역 lists them. */
async function ledgerOf(o: Order): Promise<number[]> {
  const rows = await sql<{ amount: number }>`select amount from points where paymentid = ${o.paymentid} order by pointid`.execute(server.db);
  return rows.rows.map((r) => r.amount);
}
const released = async () => (await portone.webhooks.release()).map((d) => [d.status, (d.response as any)?.datas?.outcome]);

describe('UpdatePaid confirmed from PortOne', () => {
  it('grants the class once PortOne says PAID, and the later webhook changes nothing', async () => {
    const o = await order(106);
    portone.webhooks.hold();
    payAtPortOne(o);
    const r = await updatePaid(o);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.datas).toMatchObject({ status: 'paid', pgtid: portone.store.find(o.providerpaymentid)!.transactionId });
    expect(await owns(106)).toBe(true);
    expect(await released()).toEqual([[200, 'settled']]);
    // 영수증 보기 opens PortOne's own receipt of this payment.
    expect(await info(o)).toMatchObject({ status: 'paid', receipturl: `${portone.url}/receipts/${encodeURIComponent(o.providerpaymentid)}` });
    // The member's own retry of the confirmation answers the paid order.
    expect((await updatePaid(o)).status).toBe(200);
  });

  it('cancels an amount tampered at PortOne and fails the order with the spec message', async () => {
    const o = await order(107);
    portone.webhooks.hold();
    payAtPortOne(o, o.paidamount - 1000);
    const r = await updatePaid(o);
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe(MISMATCH);
    expect(portone.store.find(o.providerpaymentid)).toMatchObject({ status: 'CANCELLED' });
    expect(portone.store.cancelledAmount(o.providerpaymentid)).toBe(o.paidamount - 1000);
    expect(portone.store.find(o.providerpaymentid)!.cancellations[0]!.reason).toContain(MISMATCH);
    expect((await info(o)).status).toBe('failed');
    expect(await owns(107)).toBe(false);
    // The Paid and the Cancelled webhooks arrive afterwards: nothing more is cancelled or granted.
    expect((await released()).map(([status]) => status)).toEqual([200, 200]);
    expect(portone.store.find(o.providerpaymentid)!.cancellations).toHaveLength(1);
    expect((await info(o)).status).toBe('failed');
  });

  // Issue 41: a PG may take a cancel and carry it out later (REQUESTED). A refused charge stays owed until PortOne has
  // carried its cancel out, and a sync meanwhile neither asks a second time nor calls it settled.
  it('a refused charge whose cancel PortOne answers REQUESTED stays owed until it is carried out, asked once', async () => {
    const o = await order(111);
    const due = async () =>
      (await sql<{ refund_due: string | null }>`select refund_due from payments where paymentid = ${o.paymentid}`.execute(server.db)).rows[0]!
        .refund_due;
    portone.webhooks.hold();
    portone.store.answerCancels('REQUESTED');
    try {
      payAtPortOne(o, o.paidamount - 1000);
      const r = await updatePaid(o);
      expect(r.status).toBe(409);
      expect(r.json.respMessage).toBe(MISMATCH);
      expect(portone.store.find(o.providerpaymentid)!.cancellations.map((c) => c.status)).toEqual(['REQUESTED']);
      expect(await due()).toBe(MISMATCH);
      // A sync while PortOne is still at it: no second cancel, still owed.
      expect((await updatePaid(o)).status).toBe(409);
      expect(portone.store.find(o.providerpaymentid)!.cancellations).toHaveLength(1);
      expect(await due()).toBe(MISMATCH);
      // Carried out: the next sync settles it from PortOne's record, without asking again.
      portone.store.finishCancel(o.providerpaymentid, 'SUCCEEDED');
      expect((await updatePaid(o)).status).toBe(409);
      expect(await due()).toBeNull();
      expect(portone.store.find(o.providerpaymentid)!.cancellations.map((c) => c.status)).toEqual(['SUCCEEDED']);
      expect(portone.store.cancelledAmount(o.providerpaymentid)).toBe(o.paidamount - 1000);
      expect((await info(o)).status).toBe('failed');
    } finally {
      portone.store.answerCancels('SUCCEEDED');
      await released();
    }
  });

  it('tells the member why when the webhook refused the tampered amount before the browser came back', async () => {
    const o = await order(108);
    payAtPortOne(o, o.paidamount - 1000); // webhooks flow: Paid reaches the store first and is refused
    await portone.webhooks.settled();
    expect((await info(o)).status).toBe('failed');
    const r = await updatePaid(o);
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe(MISMATCH);
    expect(portone.store.find(o.providerpaymentid)!.cancellations).toHaveLength(1);
  });

  it('answers 202 "결제 확인 중" while PortOne is unreachable; the order does not expire and the webhook completes it', async () => {
    const o = await order(108);
    portone.webhooks.hold();
    payAtPortOne(o);
    portone.store.unreachable(true);
    const r = await updatePaid(o);
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ success: true, respMessage: CONFIRMING, datas: { status: 'ready' } });
    portone.store.unreachable('drop');
    expect((await updatePaid(o)).status).toBe(202);
    // Another checkout of the same class cannot re-price the order that may be charged.
    const again = await server.call('POST', '/api/Payment/Save/', {
      body: { useruid: 'u-demo-1', contentsids: [108], title: '주문', amount: o.paidamount, pointused: 0, couponnumber: null, coupondiscount: 0, paidamount: o.paidamount, paymethod: 'card' },
    });
    expect(again.status).toBe(409);
    expect(again.json.respMessage).toBe(CONFIRMING);
    // Its 30 minutes pass (PortOne took the money within them): the member's next order does not cancel it.
    const paidAt = new Date(Date.now() - 120_000);
    portone.store.find(o.providerpaymentid)!.paidAt = paidAt.toISOString();
    await sql`update payments set expires_at = ${kst(new Date(paidAt.getTime() + 60_000))} where paymentid = ${o.paymentid}`.execute(server.db);
    await order(109);
    expect((await info(o)).status).toBe('ready');
    // The webhook arrives while PortOne is still down: 503, PortOne sends it again later.
    expect(await released()).toEqual([[503, undefined]]);
    portone.store.unreachable(false);
    const retried = await portone.webhooks.send({ type: 'Transaction.Paid', payment: portone.store.find(o.providerpaymentid)! });
    expect(retried.map((d) => d.status)).toEqual([200]);
    expect((await info(o)).status).toBe('paid');
    expect(await owns(108)).toBe(true);
  });

  it('refunds at PortOne a charge the store refuses (the class was bought meanwhile through another order)', async () => {
    const [a, b] = [116, 117];
    const amount = (await price(a)) + (await price(b));
    const both = await server.call('POST', '/api/Payment/Save/', {
      body: { useruid: 'u-demo-1', contentsids: [a, b], title: '주문', amount, pointused: 0, couponnumber: null, coupondiscount: 0, paidamount: amount, paymethod: 'card' },
    });
    const pair: Order = { ...both.json.datas, contentsid: a };
    const single = await order(a);
    payAtPortOne(single);
    await portone.webhooks.settled();
    expect(await owns(a)).toBe(true);
    portone.webhooks.hold();
    payAtPortOne(pair);
    const r = await updatePaid(pair);
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe('이미 수강 중인 강의가 포함된 주문입니다.');
    expect(portone.store.find(pair.providerpaymentid)).toMatchObject({ status: 'CANCELLED' });
    expect(portone.store.cancelledAmount(pair.providerpaymentid)).toBe(amount);
    expect((await info(pair)).status).toBe('failed');
    expect(await owns(b)).toBe(false);
    await released();
    expect(portone.store.find(pair.providerpaymentid)!.cancellations).toHaveLength(1);
  });

  it('refuses another member\'s order and an order never paid at PortOne', async () => {
    const o = await order(115);
    const r = await updatePaid(o, other);
    expect(r.status).toBe(404);
    const unpaid = await updatePaid(o);
    expect(unpaid.status).toBe(404);
    expect((await info(o)).status).toBe('ready');
    portone.webhooks.hold();
    payAtPortOne(o);
    expect((await updatePaid(o, other)).status).toBe(404);
    expect((await info(o)).status).toBe('ready');
    await released();
    expect((await info(o)).status).toBe('paid');
  });
});

describe('PortOne\'s webhook', () => {
  it('completes the order alone (the member never came back), with the points spent and earned once', async () => {
    const before = await balance();
    const o = await order(111, 1000);
    payAtPortOne(o);
    await portone.webhooks.settled();
    expect((await info(o)).status).toBe('paid');
    expect(await owns(111)).toBe(true);
    expect(await ledgerOf(o)).toEqual([-1000, Math.floor(o.paidamount * 0.05)]);
    // The same webhook again (PortOne's at-least-once delivery), then the browser's late return.
    const twice = await portone.webhooks.send({ type: 'Transaction.Paid', payment: portone.store.find(o.providerpaymentid)! }, { times: 2 });
    expect(twice.map((d) => (d.response as any).datas.outcome)).toEqual(['settled', 'duplicate']);
    expect((await updatePaid(o)).status).toBe(200);
    expect(await ledgerOf(o)).toEqual([-1000, Math.floor(o.paidamount * 0.05)]);
    expect(await balance()).toBe(before - 1000 + Math.floor(o.paidamount * 0.05));
  });

  it('settles once when the browser\'s UpdatePaid and the webhook arrive together', async () => {
    const o = await order(112);
    portone.webhooks.hold();
    payAtPortOne(o);
    const [r, hooks] = await Promise.all([updatePaid(o), portone.webhooks.release()]);
    expect(r.status).toBe(200);
    expect(hooks.map((d) => d.status)).toEqual([200]);
    expect(await ledgerOf(o)).toEqual([Math.floor(o.paidamount * 0.05)]);
    const paid = await sql<{ n: number }>`select count(*)::int as n from payments where provider_payment_id = ${o.providerpaymentid} and status = 'paid'`.execute(server.db);
    expect(paid.rows[0]!.n).toBe(1);
  });

  it('refuses a forged signature, a changed body and a stale timestamp, changing nothing', async () => {
    const o = await order(113);
    portone.webhooks.hold();
    payAtPortOne(o);
    const payment = portone.store.find(o.providerpaymentid)!;
    const id = 'whk_forged_then_genuine';
    const body = { type: 'Transaction.Paid', timestamp: new Date().toISOString(), data: { storeId: STORE, paymentId: payment.paymentId, transactionId: payment.transactionId } };
    const text = JSON.stringify(body);
    const post = (signature: string, timestamp: number, sent = text) =>
      fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        body: sent,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await post(sign(newWebhookSecret(), id, now, text), now)).status).toBe(400);
    expect((await post(sign(WEBHOOK_SECRET, id, now, text), now, text.replace('Transaction.Paid', 'Transaction.Failed'))).status).toBe(400);
    const stale = now - 6 * 60;
    expect((await post(sign(WEBHOOK_SECRET, id, stale, text), stale)).status).toBe(400);
    expect((await info(o)).status).toBe('ready');
    expect(await owns(113)).toBe(false);
    // Nothing of the refused deliveries was kept: the genuine one under the same id is processed.
    void portone.webhooks.sendRaw(body, { id });
    expect(await released()).toEqual([
      [200, 'settled'],
      [200, 'settled'],
    ]);
    expect((await info(o)).status).toBe('paid');
  });

  it('fails an open order on Transaction.Failed and ignores types it does not act on', async () => {
    const o = await order(114);
    portone.store.createPayment({ paymentId: o.providerpaymentid, storeId: STORE, channelKey: 'k', orderName: '주문', totalAmount: o.paidamount, currency: 'KRW', method: 'kakaopay' });
    portone.store.fail(o.providerpaymentid);
    await portone.webhooks.settled();
    expect((await info(o)).status).toBe('failed');
    const unknown = await portone.webhooks.sendRaw({ type: 'BillingKey.Issued', timestamp: new Date().toISOString(), data: { storeId: STORE, billingKey: 'bk' } });
    expect(unknown.map((d) => [d.status, (d.response as any).datas.outcome])).toEqual([[200, 'ignored']]);
  });
});

describe('starting with PortOne', () => {
  it('has no webhook without PortOne: a signed call to a local-card store is 404 and changes nothing', async () => {
    const o = await order(119);
    const localStore = createApp({ db: server.db, auth: createLocalAuth(undefined), dataDir: tmpdir(), localMode: true });
    const id = 'whk_local_store';
    const text = JSON.stringify({ type: 'Transaction.Paid', timestamp: new Date().toISOString(), data: { storeId: STORE, paymentId: o.providerpaymentid, transactionId: 't' } });
    const now = Math.floor(Date.now() / 1000);
    const r = await localStore.request('/api/Payment/PortOneWebhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': sign(WEBHOOK_SECRET, id, now, text) },
      body: text,
    });
    expect(r.status).toBe(404);
    expect((await info(o)).status).toBe('ready');
  });

  it('refuses a shared database without the webhook secret, naming the variable', () => {
    const shared = { DATABASE_URL: 'postgres://db/store', SIGNED_URL_SECRET: 's'.repeat(32), LOCAL_JWT_SECRET: 'j'.repeat(32), PORTONE_API_SECRET: API_SECRET };
    expect(missingSecrets(shared, true)).toEqual([expect.stringMatching(/^PORTONE_WEBHOOK_SECRET must be set/)]);
    expect(missingSecrets({ ...shared, PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET }, true)).toEqual([]);
  });
});
