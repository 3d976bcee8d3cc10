import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, testServer, type TestServer } from '../testing';
import { startFakePortOne, type FakePortOne } from '../../fakes/portone/index.ts';
import { newWebhookSecret } from '../../fakes/portone/webhooks.ts';

// Issue 39, the console's orders in live mode: an order's detail shows PortOne's own record (read through the real SDK
// from the local fake at its real wire); a console refund cancels at PortOne; when PortOne cannot be reached the claim
// waits in the queue, 확인 while PortOne is down is 503 and changes nothing, and 확인 afterwards reads PortOne's record.
const STORE = 'store-4c1a9e77-fake';
const API_SECRET = 'portone-api-secret-admin-orders-test';
const WEBHOOK_SECRET = newWebhookSecret();

let portone: FakePortOne;
let server: TestServer;
let operator: Record<string, string>;

beforeAll(async () => {
  portone = await startFakePortOne({ apiSecret: API_SECRET, webhookSecret: WEBHOOK_SECRET, storeId: STORE });
  server = await testServer({
    env: { PORTONE_API_SECRET: API_SECRET, PORTONE_API_BASE: portone.url, PORTONE_STORE_ID: STORE, PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  portone.webhooks.target(`${server.url}/api/Payment/PortOneWebhook`);
  operator = { Authorization: `Bearer ${await signInAs(server, 'staff@demo.kr')}` };
}, 60_000);
afterAll(async () => {
  await portone?.close();
  await server?.close();
});

const staff = (method: string, path: string, body?: unknown) => server.call(method, path, { body, headers: operator, auth: false });

async function paidAtPortOne(ids: number[]) {
  const lectures = (await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: ids } })).json.datas as { saleprice: number }[];
  const amount = lectures.reduce((a, l) => a + l.saleprice, 0);
  const saved = await server.call('POST', '/api/Payment/Save/', {
    body: { useruid: 'u-demo-1', contentsids: ids, title: '주문', amount, pointused: 0, couponnumber: null, coupondiscount: 0, paidamount: amount, paymethod: 'card' },
  });
  const { paymentid, providerpaymentid } = saved.json.datas as { paymentid: number; providerpaymentid: string };
  portone.store.payByCard(providerpaymentid, STORE, amount);
  await portone.webhooks.settled();
  const paid = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid: providerpaymentid, amount } });
  expect(paid.json.datas.status).toBe('paid');
  return { paymentid, providerpaymentid, amount };
}

describe('the console with PortOne', () => {
  it("an order's detail is PortOne's own record; a refund cancels there", async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([104]);
    const o = (await staff('GET', `/api/Admin/Orders/${paymentid}`)).json.datas;
    expect(o.provider).toMatchObject({ source: 'portone', paymentid: providerpaymentid, status: 'PAID', totalamount: amount, cancelledamount: 0, currency: 'KRW', method: 'card' });
    expect(o.method).toBe('card');

    const r = await staff('POST', `/api/Admin/Orders/${paymentid}/Refund`, { amount: 5000, cancellable: amount, reason: '강의 오류 보상' });
    expect([r.status, r.json.datas?.status]).toEqual([200, 'partially_refunded']);
    await portone.webhooks.settled();
    const after = (await staff('GET', `/api/Admin/Orders/${paymentid}`)).json.datas;
    expect(after.provider).toMatchObject({ status: 'PARTIAL_CANCELLED', cancelledamount: 5000 });
    expect(after.cancellable).toBe(amount - 5000);
  });

  it('PortOne unreachable: the claim waits for 확인, which is 503 while PortOne is down and releases it after', async () => {
    const { paymentid, amount } = await paidAtPortOne([106]);
    portone.store.unreachable(true);
    try {
      const down = await staff('POST', `/api/Admin/Orders/${paymentid}/Refund`, { amount: 3000, cancellable: amount, reason: '강의 오류 보상' });
      expect(down.status).toBe(503);
      const detail = (await staff('GET', `/api/Admin/Orders/${paymentid}`)).json.datas;
      expect(detail.providererror).toBe('결제사와 연결할 수 없어 결제사 기록을 읽지 못했습니다.');
      const [claim] = (await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas;
      expect(claim).toMatchObject({ paymentid, amount: 3000, issuedby: 'staff' });
      expect((await staff('POST', `/api/Admin/Refunds/${claim.refundid}/Check`)).status).toBe(503);
      expect((await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas).toHaveLength(1);
      portone.store.unreachable(false);
      const checked = await staff('POST', `/api/Admin/Refunds/${claim.refundid}/Check`);
      expect(checked.json.datas).toMatchObject({ outcome: 'released', status: 'paid', refundedamount: 0 });
    } finally {
      portone.store.unreachable(false);
    }
  });

  it('a console refund PortOne answers REQUESTED waits in the queue; 확인 says PortOne is still cancelling, its webhook finishes it', async () => {
    const { paymentid, providerpaymentid, amount } = await paidAtPortOne([107]);
    portone.store.answerCancels('REQUESTED');
    const asked = await staff('POST', `/api/Admin/Orders/${paymentid}/Refund`, { amount: 4000, cancellable: amount, reason: '강의 오류 보상' });
    portone.store.answerCancels('SUCCEEDED');
    expect([asked.status, asked.json.respMessage]).toEqual([409, '환불을 처리하고 있습니다. 잠시 후 결제내역에서 확인해주세요.']);
    await portone.webhooks.settled();
    expect((await staff('GET', `/api/Admin/Orders/${paymentid}`)).json.datas).toMatchObject({ status: 'paid', refundedamount: 0 });
    const claim = (await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas.find((c: { paymentid: number }) => c.paymentid === paymentid);
    expect(claim).toMatchObject({ amount: 4000 });
    const checked = await staff('POST', `/api/Admin/Refunds/${claim.refundid}/Check`);
    expect([checked.status, checked.json.respMessage]).toEqual([409, '결제사에서 아직 취소를 처리하고 있습니다. 취소가 끝나면 환불이 마무리됩니다.']);

    portone.store.finishCancel(providerpaymentid, 'SUCCEEDED');
    await portone.webhooks.settled();
    expect((await staff('GET', `/api/Admin/Orders/${paymentid}`)).json.datas).toMatchObject({ status: 'partially_refunded', refundedamount: 4000 });
    expect((await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas.some((c: { paymentid: number }) => c.paymentid === paymentid)).toBe(false);
  });
});
