import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): money moves in SQL transactions and locks.

// Issue 11, findings 2-4: the server prices orders, reserves coupons and points, and keeps the ledgers.
let server: TestServer;
let other: string; // u-demo-2's token
beforeAll(async () => {
  server = await testServer();
  const r = await server.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  other = r.json.datas.accessToken;
}, 30_000);
afterAll(() => server?.close());
// Every call naming a coupon counts against one allowance of guesses per client and member (issue 41, GUESSABLE in
// server/openapi/throttle.ts); this file's calls all come from one address within a minute, so each test starts whole.
beforeEach(async () => {
  await sql`delete from lookup_windows`.execute(server.db);
});

const CHANGED = '결제 금액이 변경되었습니다. 다시 확인해주세요.';

async function price(contentsid: number): Promise<number> {
  return (await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [contentsid] } })).json.datas[0]
    .saleprice;
}
async function prices(ids: number[]) {
  let total = 0;
  for (const id of ids) total += await price(id);
  return total;
}
interface Order {
  contentsids: number[];
  amount?: number;
  pointused?: number;
  couponnumber?: string | null;
  coupondiscount?: number;
  paidamount?: number;
  paymethod?: 'card' | 'free';
}
/** Payment/Save with the honest figures unless the test overrides one. */
async function save(o: Order, headers: Record<string, string> = {}, as = { useruid: 'u-demo-1', token: '' }) {
  const amount = o.amount ?? (await prices(o.contentsids));
  const pointused = o.pointused ?? 0;
  const coupondiscount = o.coupondiscount ?? 0;
  const paidamount = o.paidamount ?? amount - pointused - coupondiscount;
  const body = {
    useruid: as.useruid,
    contentsids: o.contentsids,
    title: '주문',
    amount,
    pointused,
    couponnumber: o.couponnumber ?? null,
    coupondiscount,
    paidamount,
    paymethod: o.paymethod ?? (paidamount === 0 ? 'free' : 'card'),
  };
  const auth: Record<string, string> = as.token ? { Authorization: `Bearer ${as.token}` } : {};
  return server.call('POST', '/api/Payment/Save/', { body, headers: { ...headers, ...auth }, auth: !as.token });
}
async function pay(paymentid: number, amount: number) {
  const t = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount, method: 'card' } });
  const pgtid = t.json.datas.pgtid as string;
  await server.call('POST', `/local/pay/transactions/${pgtid}/approve`);
  return server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount } });
}
const balance = async () => (await server.call('GET', '/api/Point/GetPointSum/u-demo-1')).json.datas.pointSum as number;
const owns = async (contentsid: number) =>
  (await server.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: 'u-demo-1', contentsids: [contentsid] } })).json
    .datas.iscomplete as boolean;
const status = async (paymentid: number) =>
  (await server.call('GET', `/api/Payment/GetInfo/${paymentid}/0`)).json.datas.status as string;

describe('Payment/Save prices the order itself', () => {
  it('refuses a free class claimed through coupondiscount = price without a coupon', async () => {
    const p = await price(106);
    const r = await save({ contentsids: [106], coupondiscount: p, paidamount: 0, paymethod: 'free' });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe(CHANGED);
    expect(await owns(106)).toBe(false);
  });

  it('refuses a 5,000-won coupon claimed as 32,800 and computes the 5,000 itself', async () => {
    const wrong = await save({ contentsids: [109], couponnumber: 'WELCOME5000', coupondiscount: 32800 });
    expect(wrong.status).toBe(409);
    expect(wrong.json.respMessage).toBe(CHANGED);
    const right = await save({ contentsids: [109], couponnumber: 'WELCOME5000', coupondiscount: 5000 });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(right.json.datas).toMatchObject({ coupondiscount: 5000, paidamount: (await price(109)) - 5000, status: 'ready' });
  });

  it('refuses an expired coupon', async () => {
    const r = await save({ contentsids: [111], couponnumber: 'EXPIRED01', coupondiscount: 3000 });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe('사용 기간이 지난 쿠폰입니다.');
  });

  it('refuses a coupon below its minimum order amount', async () => {
    // 110 is free: 0 won is below WELCOME5000's minimum of 10,000.
    const r = await save({ contentsids: [110], couponnumber: 'WELCOME5000', coupondiscount: 0 });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toMatch(/최소 주문 금액/);
  });

  it('still enrols a free lecture at once', async () => {
    const r = await save({ contentsids: [118] });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ status: 'paid', paidamount: 0, paymethod: 'free' });
    expect(await owns(118)).toBe(true);
  });
});

describe('points and coupons are reserved by one open order', () => {
  it('one coupon cannot be held by two orders', async () => {
    const first = await save({
      contentsids: [112],
      couponnumber: 'PILATES10',
      coupondiscount: Math.floor((await price(112)) / 10),
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await save({
      contentsids: [113],
      couponnumber: 'PILATES10',
      coupondiscount: Math.floor((await price(113)) / 10),
    });
    expect(second.status).toBe(409);
    expect(second.json.respMessage).toBe('다른 주문에 사용 중인 쿠폰입니다.');
  });

  it('the same points cannot be spent on two pending orders, and the balance never goes negative', async () => {
    const before = await balance();
    expect(before).toBeGreaterThanOrEqual(5000);
    // Hold all but 500 points (the seed's balance is its ledger's, issue 42 finding 9), then ask for 5,000 more.
    const a = await save({ contentsids: [114], pointused: before - 500 });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(await balance()).toBe(500); // usable balance counts the reservation
    const b = await save({ contentsids: [115], pointused: 5000 });
    expect(b.status).toBe(409);
    expect(b.json.respMessage).toBe('보유 포인트가 부족합니다.');
    // The database itself refuses a ledger row that would take the balance below zero.
    await expect(
      sql`insert into points (useruid, amount, reason, created_at) values ('u-demo-1', -99999999, 'x', '2024-01-01 00:00:00')`.execute(
        server.db,
      ),
    ).rejects.toThrow(/point_balance_not_negative|check constraint/);
  });

  it('a declined card releases the coupon and points of its order', async () => {
    const p = await price(116);
    const saved = await save({ contentsids: [116], couponnumber: 'WELCOME5000', coupondiscount: 5000 });
    // WELCOME5000 is held by the 109 order above: release that one first by declining its card.
    expect(saved.status).toBe(409);
    const held = (
      await server.call('POST', '/api/Payment/GetPaymentList/', {
        body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ready' },
      })
    ).json.datas.list.find((x: any) => x.couponnumber === 'WELCOME5000');
    const t = await server.call('POST', '/local/pay/transactions', {
      body: { paymentid: held.paymentid, amount: held.paidamount, method: 'card' },
    });
    expect((await server.call('POST', `/local/pay/transactions/${t.json.datas.pgtid}/decline`)).status).toBe(200);
    expect(await status(held.paymentid)).toBe('failed');
    const again = await save({ contentsids: [116], couponnumber: 'WELCOME5000', coupondiscount: 5000 });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.datas.paidamount).toBe(p - 5000);
  });

  it('an order left open past its 30 minutes releases its reservations', async () => {
    const held = (
      await server.call('POST', '/api/Payment/GetPaymentList/', {
        body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ready' },
      })
    ).json.datas.list.find((x: any) => x.couponnumber === 'PILATES10');
    await sql`update payments set expires_at = '2020-01-01 00:00:00' where paymentid = ${held.paymentid}`.execute(server.db);
    const r = await save({ contentsids: [113], couponnumber: 'PILATES10', coupondiscount: Math.floor((await price(113)) / 10) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await status(held.paymentid)).toBe('cancelled');
  });
});

describe('idempotent orders', () => {
  it('10 concurrent Saves of different classes spending the same 5,000 points: one holds them', async () => {
    await sql`insert into points (useruid, amount, reason, created_at) values ('u-demo-2', 5000, '테스트 적립', '2024-05-01 10:00:00')`.execute(
      server.db,
    );
    const classes = [101, 102, 104, 105, 106, 108, 109, 111, 115, 116];
    const all = await Promise.all(
      classes.map((c) => save({ contentsids: [c], pointused: 5000 }, {}, { useruid: 'u-demo-2', token: other })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409 && r.json.respMessage === '보유 포인트가 부족합니다.')).toHaveLength(9);
  });

  it('10 concurrent identical Saves make one order', async () => {
    const all = await Promise.all(Array.from({ length: 10 }, () => save({ contentsids: [119] })));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json.datas.paymentid)).size).toBe(1);
  });

  it('10 concurrent Saves with one Idempotency-Key make one order', async () => {
    const all = await Promise.all(
      Array.from({ length: 10 }, () => save({ contentsids: [120] }, { 'Idempotency-Key': 'order-120-a' })),
    );
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json.datas.paymentid)).size).toBe(1);
    const reused = await save({ contentsids: [122] }, { 'Idempotency-Key': 'order-120-a' });
    expect(reused.status).toBe(409);
  });

  it('a class paid through one order cannot be charged again through another', async () => {
    const a = await save({ contentsids: [107] });
    const b = await save({ contentsids: [107, 108] });
    expect(a.json.datas.paymentid).not.toBe(b.json.datas.paymentid);
    expect((await pay(a.json.datas.paymentid, a.json.datas.paidamount)).status).toBe(200);
    const second = await pay(b.json.datas.paymentid, b.json.datas.paidamount);
    expect(second.status).toBe(409);
    expect(second.json.respMessage).toMatch(/이미 수강 중인 강의/);
    expect(await status(b.json.datas.paymentid)).toBe('failed');
    // And a new order for an owned class is refused before any card is involved.
    const third = await save({ contentsids: [107] });
    expect(third.status).toBe(409);
  });
});

describe('Point/Save and Coupon/Update only confirm a paid order', () => {
  it('Point/Save of 1,000,000 by a member creates no points', async () => {
    const before = await balance();
    const r = await server.call('POST', '/api/Point/Save/', {
      body: { useruid: 'u-demo-1', amount: 1000000, reason: '적립', paymentid: null },
    });
    expect(r.status).toBe(409);
    expect(await balance()).toBe(before);
  });

  it('points spent and earned are written once by UpdatePaid and confirmed idempotently', async () => {
    const saved = await save({ contentsids: [114], pointused: 5000 }); // the open 114 order of the test above, reused
    expect(saved.status).toBe(200);
    const order = saved.json.datas;
    const before = (await server.call('POST', '/api/Point/GetList/', { body: { page: 1, pageSize: 100, useruid: 'u-demo-1' } }))
      .json.datas.totalCount;
    expect((await pay(order.paymentid, order.paidamount)).status).toBe(200);
    const confirm = () =>
      server.call('POST', '/api/Point/Save/', {
        body: { useruid: 'u-demo-1', amount: -5000, reason: '결제 시 사용', paymentid: order.paymentid },
      });
    const one = await confirm();
    const two = await confirm();
    expect(one.status, JSON.stringify(one.json)).toBe(200);
    expect(two.json.datas).toEqual(one.json.datas);
    expect(one.json.datas).toMatchObject({ amount: -5000, paymentid: order.paymentid });
    const list = (await server.call('POST', '/api/Point/GetList/', { body: { page: 1, pageSize: 100, useruid: 'u-demo-1' } }))
      .json.datas;
    expect(list.totalCount).toBe(before + 2); // one use, one earn
    expect(
      list.list
        .filter((p: any) => p.paymentid === order.paymentid)
        .map((p: any) => p.amount)
        .sort(),
    ).toEqual([-5000, Math.floor(order.paidamount * 0.05)].sort());
    const wrong = await server.call('POST', '/api/Point/Save/', {
      body: { useruid: 'u-demo-1', amount: -1, reason: 'x', paymentid: order.paymentid },
    });
    expect(wrong.status).toBe(409);
    const foreign = await fetch(`${server.url}/api/Point/Save/`, {
      method: 'POST',
      headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', Authorization: `Bearer ${other}` },
      body: JSON.stringify({ useruid: 'u-demo-2', amount: -5000, reason: 'x', paymentid: order.paymentid }),
    });
    expect(foreign.status).toBe(404);
  });

  it('Coupon/Update confirms only the coupon the paid order used', async () => {
    const order = (
      await server.call('POST', '/api/Payment/GetPaymentList/', {
        body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ready' },
      })
    ).json.datas.list.find((x: any) => x.couponnumber === 'WELCOME5000');
    expect((await pay(order.paymentid, order.paidamount)).status).toBe(200);
    const use = () =>
      server.call('POST', '/api/Coupon/Update/', {
        body: { couponnumber: 'WELCOME5000', useruid: 'u-demo-1', paymentid: order.paymentid },
      });
    const one = await use();
    const two = await use();
    expect(one.status, JSON.stringify(one.json)).toBe(200);
    expect(two.status).toBe(200);
    expect(one.json.datas.isused).toBe(true);
    const otherCoupon = await server.call('POST', '/api/Coupon/Update/', {
      body: { couponnumber: 'PILATES10', useruid: 'u-demo-1', paymentid: order.paymentid },
    });
    expect(otherCoupon.status).toBe(409);
    // A used coupon cannot start another order.
    const reuse = await save({ contentsids: [117], couponnumber: 'WELCOME5000', coupondiscount: 5000 });
    expect(reuse.status).toBe(409);
    expect(reuse.json.respMessage).toBe('이미 사용한 쿠폰입니다.');
  });
});
