import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { startFakePortOne, type FakePortOne } from '../../fakes/portone/index.ts';
import { newWebhookSecret } from '../../fakes/portone/webhooks.ts';

// Issue 25, refunds with PortOne: RequestRefund cancels at PortOne (the local fake at its real wire, through the real
// SDK) with `amount` and `currentCancellableAmount`; PortOne unreachable changes nothing; PortOne's webhook for the
// store's own cancel, in either order, neither counts it twice nor cancels the rest.
const STORE = 'store-9b2d7e41-fake';
const API_SECRET = 'portone-api-secret-refunds-test';
const WEBHOOK_SECRET = newWebhookSecret();

let portone: FakePortOne;
let server: TestServer;

beforeAll(async () => {
  portone = await startFakePortOne({ apiSecret: API_SECRET, webhookSecret: WEBHOOK_SECRET, storeId: STORE });
  server = await testServer({
    env: {
      PORTONE_API_SECRET: API_SECRET,
      PORTONE_API_BASE: portone.url,
      PORTONE_STORE_ID: STORE,
      PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  portone.webhooks.target(`${server.url}/api/Payment/PortOneWebhook`);
}, 60_000);
afterAll(async () => {
  await portone?.close();
  await server?.close();
});

const total = async (ids: number[]) =>
  (
    (await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: ids } })).json.datas as {
      saleprice: number;
    }[]
  ).reduce((a, l) => a + l.saleprice, 0);
const released = async () => (await portone.webhooks.release()).map((d) => [d.status]);
const info = async (paymentid: number) => (await server.call('GET', `/api/Payment/GetInfo/${paymentid}/0`)).json.datas;
const owns = async (contentsid: number) =>
  (await server.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: 'u-demo-1', contentsids: [contentsid] } })).json
    .datas.iscomplete as boolean;

/** Saves the order and pays it at PortOne as the browser SDK's window would; UpdatePaid confirms it. */
async function paidAtPortOne(ids: number[], extra: { pointused?: number; couponnumber?: string; coupondiscount?: number } = {}) {
  const price = await total(ids);
  const { pointused = 0, couponnumber = null, coupondiscount = 0 } = extra;
  const amount = price - pointused - coupondiscount;
  const saved = await server.call('POST', '/api/Payment/Save/', {
    body: {
      useruid: 'u-demo-1',
      contentsids: ids,
      title: '주문',
      amount: price,
      pointused,
      couponnumber,
      coupondiscount,
      paidamount: amount,
      paymethod: 'card',
    },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const { paymentid, providerpaymentid } = saved.json.datas as { paymentid: number; providerpaymentid: string };
  portone.store.payByCard(providerpaymentid, STORE, amount);
  await portone.webhooks.settled();
  const paid = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid: providerpaymentid, amount } });
  expect(paid.json.datas.status).toBe('paid');
  return { paymentid, providerpaymentid, amount };
}

describe('RequestRefund through PortOne', () => {
  it('PortOne unreachable is 503 and nothing changes; then the unused lecture is cancelled with amount and currentCancellableAmount', async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([104, 106]);
    // Every paid video of 104 played: 104 is wholly taken and stays (issue 42: the rule counts videos).
    for (const videoid of [10412, 10421, 10422])
      expect((await server.call('GET', `/api/Contents/GetVideoSourceUrl/${videoid}`)).status).toBe(200);
    const share = Math.floor((amount * (await total([106]))) / amount);

    portone.store.unreachable(true);
    const down = await server.call('POST', '/api/Payment/RequestRefund/', {
      body: { paymentid, reason: '단순 변심', amount: share },
    });
    expect(down.status).toBe(503);
    expect(down.json.respMessage).toBe('결제사와 연결할 수 없습니다. 잠시 후 다시 시도해주세요.');
    portone.store.unreachable(false);
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(0);
    expect(await info(paymentid)).toMatchObject({ status: 'paid', refundedamount: 0 });
    expect(await owns(106)).toBe(true);

    portone.webhooks.hold();
    const r = await server.call('POST', '/api/Payment/RequestRefund/', {
      body: { paymentid, reason: '단순 변심', amount: share },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.datas).toMatchObject({ status: 'partially_refunded', amount: share, contentsids: [106] });
    const cancel = portone.calls.filter((c) => c.path === `/payments/${providerpaymentid}/cancel`).at(-1)!;
    expect(cancel.body).toMatchObject({ amount: share, currentCancellableAmount: amount, storeId: STORE });
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(share);

    // PortOne's PartialCancelled webhook for this very cancel arrives afterwards: it is the same cancel, not another.
    await portone.webhooks.release();
    await portone.webhooks.settled();
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(share);
    expect(await info(paymentid)).toMatchObject({ status: 'partially_refunded', refundedamount: share });
    expect(await owns(104)).toBe(true);
    expect(await owns(106)).toBe(false);
  });

  it('a cancel whose answer was lost: the claim waits, and the member\'s retry finds it done at PortOne and finishes it once', async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([107]);
    portone.webhooks.hold();
    portone.store.unreachable('lose-answer');
    const lost = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', amount } });
    portone.store.unreachable(false);
    expect(lost.status).toBe(503);
    // PortOne did cancel; the store has not yet counted it, and grants nothing twice.
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(amount);
    expect(await info(paymentid)).toMatchObject({ status: 'paid', refundedamount: 0 });

    const again = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', amount } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.datas).toMatchObject({ status: 'refunded', amount, contentsids: [107] });
    expect(portone.calls.filter((c) => c.path === `/payments/${providerpaymentid}/cancel`)).toHaveLength(1);
    expect(await info(paymentid)).toMatchObject({ status: 'refunded', refundedamount: amount });
    expect(await owns(107)).toBe(false);
    // PortOne's Cancelled webhook for it changes nothing more; a third request hears the order is refunded.
    await portone.webhooks.release();
    await portone.webhooks.settled();
    expect(await info(paymentid)).toMatchObject({ status: 'refunded', refundedamount: amount });
    const third = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심' } });
    expect(third.status).toBe(409);
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(amount);
  });

  it('a cancel whose answer was lost and a member who never asks again: PortOne\'s webhook finishes the refund', async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([108]);
    portone.webhooks.hold();
    portone.store.unreachable('lose-answer');
    expect((await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', amount } })).status).toBe(503);
    portone.store.unreachable(false);
    expect(await released()).toEqual([[200]]);
    expect(await info(paymentid)).toMatchObject({ status: 'refunded', refundedamount: amount });
    expect(await owns(108)).toBe(false);
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(amount);
  });
});

// Issue 41: some PGs answer a cancel REQUESTED and carry it out (or refuse it) later. Nothing is given back before
// PortOne says SUCCEEDED; a FAILED cancel releases the claim.
const pointSum = async () => (await server.call('GET', '/api/Point/GetPointSum/u-demo-1')).json.datas.pointSum as number;
const couponUsed = async () => (await server.call('GET', '/api/Coupon/GetCouponInfo/WELCOME5000')).json.datas.isused as boolean;
const cancelsAsked = (providerpaymentid: string) => portone.calls.filter((c) => c.path === `/payments/${providerpaymentid}/cancel`).length;

describe('a cancel PortOne answers REQUESTED', () => {
  it('waits as 처리 중 with nothing settled; PortOne\'s SUCCEEDED webhook settles it once, however often it comes', async () => {
    const start = await pointSum();
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([111], {
      pointused: 1000,
      couponnumber: 'WELCOME5000',
      coupondiscount: 5000,
    });
    const paidPoints = await pointSum();
    expect(paidPoints).toBeLessThan(start + amount);
    expect(await couponUsed()).toBe(true);
    await portone.webhooks.settled();

    portone.store.answerCancels('REQUESTED');
    const asked = await server.call('POST', '/api/Payment/RequestRefund/', {
      body: { paymentid, reason: '단순 변심', amount },
      headers: { 'Idempotency-Key': `requested-${paymentid}` },
    });
    portone.store.answerCancels('SUCCEEDED');
    await portone.webhooks.settled(); // PortOne's CancelPending webhook changes nothing.
    expect(asked.status, JSON.stringify(asked.json)).toBe(409);
    expect(asked.json.respMessage).toBe('환불을 처리하고 있습니다. 잠시 후 결제내역에서 확인해주세요.');
    const waiting = async () => {
      expect(await info(paymentid)).toMatchObject({ status: 'paid', refundedamount: 0 });
      expect(await owns(111)).toBe(true);
      expect(await pointSum()).toBe(paidPoints);
      expect(await couponUsed()).toBe(true);
    };
    await waiting();
    // Asking again (with or without the key) reads PortOne's record, still REQUESTED: the same answer, no second cancel.
    for (const headers of [{ 'Idempotency-Key': `requested-${paymentid}` }, {}] as Record<string, string>[]) {
      const again = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심' }, headers });
      expect(again.status).toBe(409);
      expect(again.json.respMessage).toBe('환불을 처리하고 있습니다. 잠시 후 결제내역에서 확인해주세요.');
    }
    expect(cancelsAsked(providerpaymentid)).toBe(1);
    await waiting();

    // The PG carries it out: PortOne's Cancelled webhook, delivered twice, and once more under another id.
    portone.webhooks.hold();
    const done = portone.store.finishCancel(providerpaymentid, 'SUCCEEDED');
    const record = { type: 'Transaction.Cancelled' as const, payment: portone.store.find(providerpaymentid)!, cancellationId: done.id };
    const firstTwo = await Promise.all([portone.webhooks.release(), portone.webhooks.send(record, { times: 2 })]);
    const deliveries = [...firstTwo.flat(), ...(await portone.webhooks.send(record))];
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    expect(await info(paymentid)).toMatchObject({ status: 'refunded', refundedamount: amount });
    expect(await owns(111)).toBe(false);
    expect(await pointSum()).toBe(start);
    expect(await couponUsed()).toBe(false);
    const rows = await sql<{ status: string; n: number }>`select status, count(*)::int as n from refunds where paymentid = ${paymentid} group by status`.execute(server.db);
    expect(rows.rows).toEqual([{ status: 'done', n: 1 }]);
    const earnedBack = await sql<{ n: number }>`select count(*)::int as n from points where paymentid = ${paymentid} and kind like 'refund-%'`.execute(server.db);
    expect(earnedBack.rows[0]!.n).toBe(2);
    expect(cancelsAsked(providerpaymentid)).toBe(1);
    // The member's key now replays the finished refund.
    const replay = await server.call('POST', '/api/Payment/RequestRefund/', {
      body: { paymentid, reason: '단순 변심', amount },
      headers: { 'Idempotency-Key': `requested-${paymentid}` },
    });
    expect(replay.status).toBe(200);
    expect(replay.json.datas).toMatchObject({ status: 'refunded', amount });
  });

  it('a REQUESTED cancel that FAILED releases the claim: nothing was given back and the member can ask again', async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([109]);
    portone.store.answerCancels('REQUESTED');
    const asked = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', amount } });
    portone.store.answerCancels('SUCCEEDED');
    expect(asked.status).toBe(409);
    portone.store.finishCancel(providerpaymentid, 'FAILED');
    await portone.webhooks.settled();
    expect(await info(paymentid)).toMatchObject({ status: 'paid', refundedamount: 0 });
    expect(await owns(109)).toBe(true);

    // Asking again reads PortOne's record: the failed cancel moved nothing, so the claim is released and asked afresh.
    const again = await server.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', amount } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.datas).toMatchObject({ status: 'refunded', amount, contentsids: [109] });
    expect(cancelsAsked(providerpaymentid)).toBe(2);
    expect(portone.store.cancelledAmount(providerpaymentid)).toBe(amount);
    await portone.webhooks.settled();
    expect(await info(paymentid)).toMatchObject({ status: 'refunded', refundedamount: amount });
    expect(await owns(109)).toBe(false);
  });
});
