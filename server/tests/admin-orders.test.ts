import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso, kst } from '../lib/time';
import { buyWithTestCard, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * The console's orders and refunds (issue 39) through the real HTTP API on the demo's ledger: the list and its
 * filters, an order with the provider's record, a refund from the console through the member's refund code, the queue
 * of claims whose outcome was unknown, and the attacks (a member, an instructor, an amount above what is left, a
 * doubled press, an unknown order, tampered amounts).
 */
let s: TestServer;
const as: Record<string, Record<string, string>> = {};
const ME = 'u-demo-1';

beforeAll(async () => {
  s = await testServer();
  for (const [who, email] of [['owner', 'owner@demo.kr'], ['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr'], ['member', 'member@demo.kr']] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(s, email)}` };
}, 60_000);
afterAll(() => s?.close());

const staff = (method: string, path: string, body?: unknown, who = 'operator') => s.call(method, path, { body, headers: as[who], auth: false });
const list = (body: Record<string, unknown>) => staff('POST', '/api/Admin/Orders/List', { limit: 50, ...body });
const detail = (paymentid: number) => staff('GET', `/api/Admin/Orders/${paymentid}`);
const refund = (paymentid: number, body: Record<string, unknown>, who = 'operator') =>
  staff('POST', `/api/Admin/Orders/${paymentid}/Refund`, { reason: '강의 오류 보상', ...body }, who);
const memberHistory = async () => (await s.call('POST', '/api/Payment/GetPaymentList/', { body: { useruid: ME, page: 1, pageSize: 50 } })).json.datas;
const balance = async () => (await s.call('GET', `/api/Point/GetPointSum/${ME}`)).json.datas.pointSum as number;
const owns = async (contentsid: number) =>
  (await s.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: ME, contentsids: [contentsid] } })).json.datas.iscomplete as boolean;
const auditOf = async (operation: string) =>
  (await sql<{ actor: string; object_id: string; summary: string }>`select actor, object_id, summary from audit_log
    where operation = ${operation} order by auditid`.execute(s.db)).rows;

describe('who may use the orders console', () => {
  it('a member and an instructor are refused every operation (403), a visitor 401', async () => {
    const { paymentid } = await buyWithTestCard(s, ME, [119]);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/Admin/Orders/List', { limit: 10 }],
      ['GET', `/api/Admin/Orders/${paymentid}`],
      ['POST', `/api/Admin/Orders/${paymentid}/Refund`, { amount: 1000, cancellable: 1000, reason: '보상' }],
      ['GET', '/api/Admin/Refunds/Unsettled'],
      ['POST', '/api/Admin/Refunds/1/Check'],
      ['POST', '/api/Admin/Refunds/1/Retry'],
    ];
    const before = await tableSnapshot(s.db);
    for (const who of ['member', 'instructor']) {
      for (const [method, path, body] of calls) {
        const r = await staff(method, path, body, who);
        expect([path, r.status]).toEqual([path, 403]);
      }
    }
    expect((await s.call('POST', '/api/Admin/Orders/List', { body: { limit: 10 }, auth: false })).status).toBe(401);
    expect(tableChanges(before, await tableSnapshot(s.db))).toEqual({});
  });
});

describe('the orders list', () => {
  it('newest first with the member masked, paged, and filtered by period, status, method, class and member', async () => {
    const all = (await list({})).json.datas;
    const ids = all.list.map((o: { paymentid: number }) => o.paymentid);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const seeded = all.list.find((o: { paymentid: number }) => o.paymentid === 1);
    // The demo's orders are dated relative to today (issue 42, finding 9): the date is the database's.
    const placed = async (paymentid: number) =>
      (await sql<{ t: string }>`select created_at as t from payments where paymentid = ${paymentid}`.execute(s.db)).rows[0]!.t;
    expect(seeded).toMatchObject({ member: '김*라', email: 'me****@demo.kr', useruid: ME, status: 'paid', method: 'card', regdate: iso(await placed(1)) });
    expect(JSON.stringify(all)).not.toContain('member@demo.kr');

    const first = (await list({ limit: 2 })).json.datas;
    const second = (await list({ limit: 2, before: first.nextBefore })).json.datas;
    expect([...first.list, ...second.list].map((o: { paymentid: number }) => o.paymentid)).toEqual(ids.slice(0, 4));

    const day = (await placed(2)).slice(0, 10);
    const ofDay = (await list({ from: day, until: day })).json.datas.list;
    expect(ofDay.map((o: { paymentid: number }) => o.paymentid)).toEqual([2]);
    const ofClass = (await list({ contentsid: 105 })).json.datas.list;
    expect(ofClass.map((o: { paymentid: number }) => o.paymentid)).toEqual([4]);
    const byEmail = (await list({ member: 'MEMBER@demo.kr' })).json.datas.list;
    expect(byEmail.length).toBeGreaterThan(0);
    expect(byEmail.every((o: { useruid: string }) => o.useruid === ME)).toBe(true);
    expect((await list({ member: 'nobody@demo.kr' })).json.datas.list).toEqual([]);
    expect((await list({ status: 'refunded' })).json.datas.list.every((o: { status: string }) => o.status === 'refunded')).toBe(true);
    expect((await list({ method: 'kakaopay' })).json.datas.list).toEqual([]);
    expect((await list({ method: 'card' })).json.datas.list.map((o: { paymentid: number }) => o.paymentid)).toContain(1);
    expect((await list({ from: '2024-03-01', until: '2024-02-01' })).status).toBe(400);
  });

  it('the method is what the member chose at the card window: 카카오페이 and 할부 find their orders', async () => {
    const kakao = await buyWith([116], 'kakaopay');
    const months = await buyWith([117], 'card', 6);
    expect((await list({ method: 'kakaopay' })).json.datas.list.map((o: { paymentid: number }) => o.paymentid)).toEqual([kakao]);
    const inst = (await list({ method: 'installment' })).json.datas.list;
    expect(inst.map((o: { paymentid: number; installmentmonth: number }) => [o.paymentid, o.installmentmonth])).toEqual([[months, 6]]);

    // The member's own order says the same (issue 42): the receipt and the refund quote name the method paid with.
    const own = async (paymentid: number) => (await s.call('GET', `/api/Payment/GetInfo/${paymentid}/0`)).json.datas;
    expect(await own(kakao)).toMatchObject({ paymethod: 'card', paidmethod: 'kakaopay', installmentmonth: 0 });
    expect(await own(months)).toMatchObject({ paidmethod: 'card', installmentmonth: 6 });
    expect(await own(1)).toMatchObject({ paidmethod: 'card', installmentmonth: 0 });
    const quote = async (paymentid: number) => (await s.call('GET', `/api/Payment/RefundQuote/${paymentid}`)).json.datas.reasons as string[];
    expect((await quote(kakao)).filter((r) => r.includes('환불 금액'))).toEqual([expect.stringMatching(/^카카오페이 환불 금액: [\d,]+원$/)]);
    expect((await quote(months)).filter((r) => r.includes('환불 금액'))).toEqual([expect.stringMatching(/^카드 환불 금액: [\d,]+원$/)]);
  });
});

/** Buys with the demo's test card window, choosing a method (and months of 할부) as the payment page does. */
async function buyWith(ids: number[], method: string, installmentMonth = 0): Promise<number> {
  const lectures = (await s.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: ids } })).json.datas as { saleprice: number }[];
  const amount = lectures.reduce((a, l) => a + l.saleprice, 0);
  const saved = await s.call('POST', '/api/Payment/Save/', {
    body: { useruid: ME, contentsids: ids, title: '주문', amount, pointused: 0, couponnumber: null, coupondiscount: 0, paidamount: amount, paymethod: 'card' },
  });
  const paymentid = saved.json.datas.paymentid as number;
  const t = await s.call('POST', '/local/pay/transactions', {
    body: { paymentid, amount, method, ...(installmentMonth ? { installmentMonth } : {}) },
  });
  expect(t.status).toBe(200);
  const pgtid = t.json.datas.pgtid as string;
  await s.call('POST', `/local/pay/transactions/${pgtid}/approve`);
  const paid = await s.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount } });
  expect(paid.json.datas.status).toBe('paid');
  return paymentid;
}

describe('an order in the console', () => {
  it('shows its lines, its refunds, what can still be cancelled and the demo ledger as the provider record', async () => {
    const { paymentid, pgtid, paidamount } = await buyWithTestCard(s, ME, [104]);
    const o = (await detail(paymentid)).json.datas;
    expect(o).toMatchObject({ paymentid, paidamount, cancellable: paidamount, refunds: [], providererror: null, pgtid });
    expect(o.lines).toEqual([expect.objectContaining({ contentsid: 104, price: paidamount, refunded: false, firstused: null })]);
    expect(o.provider).toMatchObject({ source: 'demo', paymentid: pgtid, status: 'PAID', totalamount: paidamount, cancelledamount: 0, method: 'card' });
    expect((await detail(999_999)).status).toBe(404);
  });

  it('shows what the member\'s own refund rule gives now, in the words of the member\'s quote, and the first play', async () => {
    const { paymentid } = await buyWithTestCard(s, ME, [122]);
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/12212')).status).toBe(200);
    const member = (await s.call('GET', `/api/Payment/RefundQuote/${paymentid}`)).json.datas;
    const o = (await detail(paymentid)).json.datas;
    expect(o.rulequote).toEqual({ refundable: true, amount: member.amount, reasons: member.reasons });
    expect(o.rulequote.reasons.join('\n')).toMatch(/수강으로 본 기록 - .+ 재생\)/);
    expect(o.lines[0].firstused).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
  });
});

describe('a refund from the console', () => {
  it('part of an order: the card gets the amount back, the member keeps the class and reads 부분환불 with the amount', async () => {
    const { paymentid, pgtid, paidamount } = await buyWithTestCard(s, ME, [106, 107]);
    const part = 10_000;
    const r = await refund(paymentid, { amount: part, cancellable: paidamount });
    expect([r.status, r.json.respMessage]).toEqual([200, '10,000원 환불이 완료되었습니다.']);
    expect(r.json.datas).toMatchObject({ amount: part, status: 'partially_refunded', refundedamount: part, cancellable: paidamount - part });
    const ledger = (await sql<{ cancelled_amount: number }>`select cancelled_amount from local_payments where txid = ${pgtid}`.execute(s.db)).rows[0];
    expect(ledger!.cancelled_amount).toBe(part);
    expect(await owns(106)).toBe(true);
    const seen = (await memberHistory()).list.find((p: { paymentid: number }) => p.paymentid === paymentid);
    expect(seen).toMatchObject({ status: 'partially_refunded', refundedamount: part });
    const [entry] = (await auditOf('refundAdminOrder')).filter((e) => e.object_id === String(paymentid));
    expect(entry!.actor).toBe('u-demo-5');
    expect(JSON.parse(entry!.summary)).toMatchObject({ before: { cancellable: paidamount }, after: { amount: part, reason: '강의 오류 보상' } });
    const mails = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where kind = 'refund-finished' and data like ${`%"paymentid":${paymentid},%`}`.execute(s.db);
    expect(mails.rows[0]!.n).toBe(1);

    // The rest: the order is 환불완료, its classes end, and the whole charge came back once.
    const rest = await refund(paymentid, { amount: paidamount - part, cancellable: paidamount - part });
    expect(rest.json.datas).toMatchObject({ status: 'refunded', refundedamount: paidamount, cancellable: 0 });
    expect(await owns(106)).toBe(false);
    const o = (await detail(paymentid)).json.datas;
    expect(o.refunds.map((x: { amount: number; issuedby: string }) => [x.amount, x.issuedby])).toEqual([[part, 'staff'], [paidamount - part, 'staff']]);
    expect(o.provider).toMatchObject({ status: 'CANCELLED', cancelledamount: paidamount });
  });

  it('points used come back and earned points are taken back in the refunded share (the refund rule)', async () => {
    const before = await balance();
    const { paymentid, paidamount } = await buyWithTestCard(s, ME, [108], { pointused: 1000 });
    const earned = Math.floor(paidamount * 0.05);
    expect(await balance()).toBe(before - 1000 + earned);
    const r = await refund(paymentid, { amount: paidamount, cancellable: paidamount });
    expect(r.json.datas).toMatchObject({ status: 'refunded', pointsrestored: 1000, pointstakenback: earned });
    expect(await balance()).toBe(before);
  });

  it('an amount above what can still be cancelled is refused and nothing changes', async () => {
    const { paymentid, paidamount } = await buyWithTestCard(s, ME, [109]);
    const before = await tableSnapshot(s.db);
    const r = await refund(paymentid, { amount: paidamount + 1, cancellable: paidamount });
    expect([r.status, r.json.respMessage]).toEqual([409, `환불 가능한 금액(${paidamount.toLocaleString('ko-KR')}원)을 넘습니다.`]);
    const stale = await refund(paymentid, { amount: 1000, cancellable: paidamount + 5000 });
    expect([stale.status, stale.json.respMessage]).toEqual([409, '환불 가능 금액이 바뀌었습니다. 다시 확인해주세요.']);
    expect(tableChanges(before, await tableSnapshot(s.db))).toEqual({});
  });

  it('tampered amounts (negative, 0, not whole) are 400 and change nothing; an unknown order is 404', async () => {
    const { paymentid, paidamount } = await buyWithTestCard(s, ME, [111]);
    const before = await tableSnapshot(s.db);
    for (const amount of [-1000, 0, 1000.5, '1000'])
      expect([amount, (await refund(paymentid, { amount, cancellable: paidamount })).status]).toEqual([amount, 400]);
    expect((await refund(paymentid, { amount: 1000, cancellable: paidamount, reason: '   ' })).status).toBe(400);
    const unknown = await refund(999_999, { amount: 1000, cancellable: 1000 });
    expect([unknown.status, unknown.json.respMessage]).toEqual([404, '결제 정보를 찾을 수 없습니다.']);
    expect(tableChanges(before, await tableSnapshot(s.db))).toEqual({});
  });

  it('a doubled press refunds once: two at once, one refund', async () => {
    const { paymentid, pgtid, paidamount } = await buyWithTestCard(s, ME, [112]);
    const ask = { amount: 5000, cancellable: paidamount };
    const [a, b] = await Promise.all([refund(paymentid, ask), refund(paymentid, ask)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = await sql<{ n: number }>`select count(*)::int as n from refunds where paymentid = ${paymentid}`.execute(s.db);
    expect(done.rows[0]!.n).toBe(1);
    const ledger = (await sql<{ cancelled_amount: number }>`select cancelled_amount from local_payments where txid = ${pgtid}`.execute(s.db)).rows[0];
    expect(ledger!.cancelled_amount).toBe(5000);
  });
});

describe('refund claims whose outcome was unknown', () => {
  /** A console claim whose request never heard the provider's answer, as carryOutRefund leaves it; `cancelled` = it went through there. */
  async function lostAnswer(ids: number[], amount: number, cancelled: boolean) {
    const { paymentid, pgtid, paidamount } = await buyWithTestCard(s, ME, ids);
    const { rows } = await sql<{ refundid: number }>`insert into refunds (paymentid, useruid, status, basis, amount, points_restored,
        points_taken_back, points_shortfall, coupon_restored, contentsids, reason, created_at, whole, cancellable_before, unsettled_at, issued_by)
      values (${paymentid}, ${ME}, 'pending', 'store', ${amount}, 0, 0, 0, false, '', '강의 오류 보상', ${kst()}, false, ${paidamount}, ${kst()}, 'u-demo-5')
      returning refundid`.execute(s.db);
    if (cancelled) await sql`update local_payments set cancelled_amount = ${amount} where txid = ${pgtid}`.execute(s.db);
    return { paymentid, pgtid, refundid: rows[0]!.refundid };
  }

  it('확인 finishes a claim the provider carried out, once, and releases one it did not', async () => {
    const done = await lostAnswer([113], 3000, true);
    const open = await lostAnswer([114], 2000, false);
    const queue = (await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas;
    expect(queue.map((q: { refundid: number }) => q.refundid)).toEqual([done.refundid, open.refundid]);
    expect(queue[0]).toMatchObject({ paymentid: done.paymentid, amount: 3000, issuedby: 'staff', email: 'me****@demo.kr' });
    expect((await list({})).json.datas.list.find((o: { paymentid: number }) => o.paymentid === done.paymentid).unsettled).toBe(true);

    const a = await staff('POST', `/api/Admin/Refunds/${done.refundid}/Check`);
    expect(a.json.datas).toMatchObject({ outcome: 'refunded', status: 'partially_refunded', refundedamount: 3000 });
    expect((await staff('POST', `/api/Admin/Refunds/${done.refundid}/Check`)).status).toBe(404);
    const b = await staff('POST', `/api/Admin/Refunds/${open.refundid}/Check`);
    expect(b.json.datas).toMatchObject({ outcome: 'released', status: 'paid', refundedamount: 0 });
    expect((await staff('GET', '/api/Admin/Refunds/Unsettled')).json.datas).toEqual([]);
    expect((await auditOf('checkAdminRefund')).map((e) => [e.object_id, JSON.parse(e.summary).after.outcome])).toEqual([
      [String(done.refundid), 'refunded'],
      [String(open.refundid), 'released'],
    ]);
  });

  it('다시 시도 asks again for a claim the provider never carried out, and refunds it once', async () => {
    const open = await lostAnswer([115], 4000, false);
    const r = await staff('POST', `/api/Admin/Refunds/${open.refundid}/Retry`);
    expect(r.json.datas).toMatchObject({ outcome: 'refunded', amount: 4000, status: 'partially_refunded', refundedamount: 4000 });
    const ledger = (await sql<{ cancelled_amount: number }>`select cancelled_amount from local_payments where txid = ${open.pgtid}`.execute(s.db)).rows[0];
    expect(ledger!.cancelled_amount).toBe(4000);
    expect((await staff('POST', `/api/Admin/Refunds/${open.refundid}/Retry`)).status).toBe(404);
  });

  it('a claim a request is still working on is left alone (409)', async () => {
    const { paymentid, paidamount } = await buyWithTestCard(s, ME, [120]);
    const { rows } = await sql<{ refundid: number }>`insert into refunds (paymentid, useruid, status, basis, amount, points_restored,
        points_taken_back, points_shortfall, coupon_restored, contentsids, reason, created_at, whole, cancellable_before)
      values (${paymentid}, ${ME}, 'pending', 'unused', 1000, 0, 0, 0, false, '', '단순 변심', ${kst()}, false, ${paidamount})
      returning refundid`.execute(s.db);
    expect((await staff('POST', `/api/Admin/Refunds/${rows[0]!.refundid}/Check`)).status).toBe(409);
    expect((await refund(paymentid, { amount: 1000, cancellable: paidamount })).status).toBe(409);
  });
});
