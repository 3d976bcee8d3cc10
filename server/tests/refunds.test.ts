import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { kst } from '../lib/time';
import { buyWithTestCard, testServer, type TestServer } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): money moves in SQL transactions and locks.

/**
 * Refunds (청약철회, issue 25) through the real HTTP API: the quote a member reads, the refund carried out once at the
 * local provider, points and coupon restored, earned points taken back, the class gone, and the attacks: replay,
 * doubled and concurrent requests, another member's order, a tampered amount, a provider that refuses.
 */
let s: TestServer;
let otherToken = '';
const ME = 'u-demo-1';

beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  otherToken = r.json.datas.accessToken;
}, 60_000);
afterAll(() => s?.close());

const asOther = () => ({ auth: false, headers: { Authorization: `Bearer ${otherToken}` } });
const total = async (ids: number[]) =>
  (
    (await s.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: ids } })).json.datas as {
      saleprice: number;
    }[]
  ).reduce((a, l) => a + l.saleprice, 0);
const balance = async () => (await s.call('GET', `/api/Point/GetPointSum/${ME}`)).json.datas.pointSum as number;
const owns = async (contentsid: number) =>
  (await s.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: ME, contentsids: [contentsid] } })).json.datas
    .iscomplete as boolean;
const order = async (paymentid: number) => (await s.call('GET', `/api/Payment/GetInfo/${paymentid}/0`)).json.datas;
const quote = (paymentid: number, init = {}) => s.call('GET', `/api/Payment/RefundQuote/${paymentid}`, init);
const refund = (paymentid: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  s.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심', ...extra }, headers });

/** Buys `ids` with the demo's test card; returns the paid order and its card transaction. */
const buy = (ids: number[], extra: { pointused?: number; couponnumber?: string; coupondiscount?: number } = {}) =>
  buyWithTestCard(s, ME, ids, extra);
const card = async (pgtid: string) =>
  (await s.db.selectFrom('local_payments').selectAll().where('txid', '=', pgtid).executeTakeFirstOrThrow()) as unknown as {
    status: string;
    cancelled_amount: number;
  };
const refundsOf = async (paymentid: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from refunds where paymentid = ${paymentid}`.execute(s.db)).rows[0]!.n;

describe('RequestRefund of an unused order within 7 days', () => {
  it('quotes the whole order, refunds it at the card, restores points and coupon, takes back earned points and ends the class', async () => {
    const start = await balance();
    const { paymentid, pgtid, paidamount } = await buy([104], {
      pointused: 1000,
      couponnumber: 'WELCOME5000',
      coupondiscount: 5000,
    });
    const earned = Math.floor(paidamount * 0.05);
    expect(await balance()).toBe(start - 1000 + earned);

    const q = await quote(paymentid);
    expect(q.status).toBe(200);
    expect(q.json.datas).toMatchObject({
      refundable: true,
      basis: 'withdrawal',
      amount: paidamount,
      contentsids: [104],
      pointsrestored: 1000,
      pointstakenback: earned,
      couponrestored: true,
    });
    expect(q.json.datas.reasons.join('\n')).toContain(`${paidamount.toLocaleString('ko-KR')}원`);

    const r = await refund(paymentid, { amount: paidamount }, { 'Idempotency-Key': `full-${paymentid}` });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({
      amount: paidamount,
      status: 'refunded',
      refundedamount: paidamount,
      contentsids: [104],
    });
    expect(r.json.respMessage).toContain('환불이 완료되었습니다');

    expect(await card(pgtid)).toMatchObject({ status: 'cancelled', cancelled_amount: paidamount });
    expect(await balance()).toBe(start);
    expect((await s.call('GET', '/api/Coupon/GetCouponInfo/WELCOME5000')).json.datas.isused).toBe(false);
    expect(await order(paymentid)).toMatchObject({ status: 'refunded', refundedamount: paidamount });
    expect(await owns(104)).toBe(false);
    const mine = await s.call('POST', '/api/Contents/GetMyLectures/', {
      body: { page: 1, pageSize: 50, useruid: ME, status: 'ing' },
    });
    expect(JSON.stringify(mine.json.datas)).not.toContain('"contentsid":104');
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10412')).status).toBe(403);

    // The same request again (same key) is the same refund; without the key there is nothing left to refund.
    const replay = await refund(paymentid, { amount: paidamount }, { 'Idempotency-Key': `full-${paymentid}` });
    expect(replay.status).toBe(200);
    expect(replay.json.datas.refundid).toBe(r.json.datas.refundid);
    const again = await refund(paymentid);
    expect(again.status).toBe(409);
    expect(again.json.respMessage).toBe('이미 환불이 완료된 주문입니다.');
    expect(await balance()).toBe(start);
    expect(await refundsOf(paymentid)).toBe(1);
    expect((await card(pgtid)).cancelled_amount).toBe(paidamount);
  });

  it('two concurrent requests refund once', async () => {
    const { paymentid, pgtid, paidamount } = await buy([109]);
    const both = await Promise.all([refund(paymentid), refund(paymentid)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(paymentid)).toBe(1);
    expect((await card(pgtid)).cancelled_amount).toBe(paidamount);
  });
});

describe('RequestRefund after use', () => {
  it('after a class video was issued, refunds the untaken videos of each class by count and ends both (issue 42)', async () => {
    const { paymentid, pgtid, paidamount, amount } = await buy([106, 107]);
    // The preview (10611) is free for anyone: playing it takes nothing.
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10611')).status).toBe(200);
    expect((await quote(paymentid)).json.datas).toMatchObject({ basis: 'withdrawal', amount: paidamount });
    // One of 106's three paid videos is issued: 2 of 3 of its price and all of 107's come back.
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10612')).status).toBe(200);
    const [p106, p107] = [await total([106]), await total([107])];
    const share = Math.floor((paidamount * (p106 * 2 + p107 * 3)) / (amount * 3));

    const q = (await quote(paymentid)).json.datas;
    expect(q).toMatchObject({ refundable: true, basis: 'unused', contentsids: [106, 107], amount: share, couponrestored: false });
    expect(q.reasons.join('\n')).toMatch(/환불 클래스: .+ \(3강 중 2강\)/);
    expect(q.reasons.join('\n')).toMatch(/수강으로 본 기록 - .+: .+ \(\d{4}\.\d\d\.\d\d \d\d:\d\d 재생\)/);

    const r = await refund(paymentid, { amount: share });
    expect(r.json.datas).toMatchObject({ status: 'partially_refunded', amount: share, contentsids: [106, 107] });
    expect((await card(pgtid)).cancelled_amount).toBe(share);
    expect(await owns(106)).toBe(false);
    expect(await owns(107)).toBe(false);
    expect(await order(paymentid)).toMatchObject({ status: 'partially_refunded', refundedamount: share });

    const more = await refund(paymentid);
    expect(more.status).toBe(409);
    expect(more.json.respMessage).toBe('이미 환불이 완료된 주문입니다.');

    // Replaying the card's confirmation after the refund neither cancels the rest at the provider nor changes the order.
    await s.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount: paidamount } });
    expect((await card(pgtid)).cancelled_amount).toBe(share);
    expect(await order(paymentid)).toMatchObject({ status: 'partially_refunded', refundedamount: share });
    expect(await owns(106)).toBe(false);
  });

  it('a class bought again after its refund counts only the plays of the new order', async () => {
    const first = await buy([109]);
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10912')).status).toBe(200);
    expect((await refund(first.paymentid)).status).toBe(200);
    const again = await buy([109]);
    expect((await quote(again.paymentid)).json.datas).toMatchObject({ basis: 'withdrawal', amount: again.paidamount });
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10912')).status).toBe(200);
    expect((await quote(again.paymentid)).json.datas).toMatchObject({ basis: 'unused' });
  });

  it('a downloaded handout counts as taking the class: no refund, with the reason', async () => {
    const { paymentid } = await buy([108]);
    const file = await fetch(`${s.url}/api/file/downloadstream?filename=pdf-108.pdf&originalFilename=x.pdf`, {
      headers: { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${s.token}` },
    });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    const q = (await quote(paymentid)).json.datas;
    expect(q).toMatchObject({ refundable: false, basis: 'none', amount: 0 });
    expect(q.reasons[0]).toContain('수강한 것으로 간주');
    expect((await refund(paymentid)).status).toBe(409);
    expect(await owns(108)).toBe(true);
  });

  it('after 7 days an unused order is still refunded (unused share); after the access period nothing is', async () => {
    const { paymentid, paidamount } = await buy([111]);
    await sql`update payments set paid_at = ${kst(new Date(Date.now() - 10 * 86_400_000))} where paymentid = ${paymentid}`.execute(
      s.db,
    );
    expect((await quote(paymentid)).json.datas).toMatchObject({ refundable: true, basis: 'unused', amount: paidamount });
    await sql`update enrollments set end_at = ${kst(new Date(Date.now() - 1000))} where paymentid = ${paymentid}`.execute(s.db);
    const q = (await quote(paymentid)).json.datas;
    expect(q.refundable).toBe(false);
    expect(q.reasons).toEqual(['수강 기간이 끝난 강의는 환불되지 않습니다.']);
    expect((await refund(paymentid)).json.respMessage).toBe('수강 기간이 끝난 강의는 환불되지 않습니다.');
  });
});

describe('RequestRefund refusals change nothing', () => {
  it("another member's order is 404 (as GetInfo answers it) for both the quote and the refund", async () => {
    const { paymentid, pgtid } = await buy([112]);
    expect((await quote(paymentid, asOther())).status).toBe(404);
    const r = await s.call('POST', '/api/Payment/RequestRefund/', { ...asOther(), body: { paymentid, reason: '남의 주문' } });
    expect(r.status).toBe(404);
    expect(r.json.respMessage).toBe('결제 정보를 찾을 수 없습니다.');
    expect((await card(pgtid)).cancelled_amount).toBe(0);
    expect(await owns(112)).toBe(true);
  });

  it('a tampered amount is refused; an order not paid is 409 with a Korean message', async () => {
    const { paymentid, pgtid, paidamount } = await buy([113]);
    const r = await refund(paymentid, { amount: paidamount + 1000 });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe('환불 금액이 변경되었습니다. 다시 확인해주세요.');
    expect((await card(pgtid)).cancelled_amount).toBe(0);

    const amount = await total([114]);
    const open = await s.call('POST', '/api/Payment/Save/', {
      body: {
        useruid: ME,
        contentsids: [114],
        title: '주문',
        amount,
        pointused: 0,
        couponnumber: null,
        coupondiscount: 0,
        paidamount: amount,
        paymethod: 'card',
      },
    });
    const notPaid = await quote(open.json.datas.paymentid);
    expect(notPaid.status).toBe(409);
    expect(notPaid.json.respMessage).toBe('결제가 완료된 주문만 환불할 수 있습니다.');
  });

  it('a provider that refuses the cancel (its figure differs) is 502 and the order stays paid', async () => {
    const { paymentid, pgtid } = await buy([115]);
    const start = await balance();
    // A cancel made at the provider the store has not heard of: the store's currentCancellableAmount is out of date.
    await sql`update local_payments set cancelled_amount = 100 where txid = ${pgtid}`.execute(s.db);
    const r = await refund(paymentid);
    expect(r.status).toBe(502);
    expect(r.json.respMessage).toBe('결제사에서 환불이 거절되었습니다. 고객센터로 문의해주세요.');
    expect(await order(paymentid)).toMatchObject({ status: 'paid', refundedamount: 0 });
    expect(await owns(115)).toBe(true);
    expect(await balance()).toBe(start);
    expect(await refundsOf(paymentid)).toBe(0);
  });
});
