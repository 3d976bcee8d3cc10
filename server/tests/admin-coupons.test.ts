import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kst } from '../lib/time';
import { CLIENT, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * Coupon campaigns from the console (issue 39): owner and operators create a campaign (an amount, or a percent with a
 * cap; a minimum; a validity window; a scope), hand out its codes or issue it into members' wallets, read its figures,
 * stop it and export its codes. Every issued coupon goes through the member's own coupon path (wallet, GetCouponInfo,
 * Payment/Save), where the server applies the cap, the window, the scope and the stop.
 */
let server: TestServer;
const as: Record<'owner' | 'operator' | 'instructor' | 'newMember', Record<string, string>> = {
  owner: {},
  operator: {},
  instructor: {},
  newMember: {},
};
const member = () => ({ Authorization: `Bearer ${server.token}` });
/** Paid lectures no demo member owns, cheapest first; each test that buys takes its own. */
let lectures: { contentsid: number; saleprice: number; categoryid: number }[] = [];
let next = 0;
const lecture = () => lectures[next++]!;

beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [
    ['owner', 'owner@demo.kr'],
    ['operator', 'staff@demo.kr'],
    ['instructor', 'teacher@demo.kr'],
    ['newMember', 'new@demo.kr'],
  ] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
  lectures = (
    await sql<{ contentsid: number; saleprice: number; categoryid: number }>`select contentsid, saleprice, categoryid from lectures
      where saleprice >= 20000 and state = 'published' and contentsid not in (select contentsid from enrollments)
      order by contentsid limit 20`.execute(server.db)
  ).rows;
}, 30_000);
afterAll(() => server?.close());
// Coupon look-ups and Saves naming a coupon share one allowance of guesses a minute (issue 41): each test starts whole.
beforeEach(async () => {
  await sql`delete from lookup_windows`.execute(server.db);
});

const draft = (over: Record<string, unknown> = {}) => ({
  name: '가을 특별 할인',
  kind: 'members',
  discounttype: 'fixed',
  discountvalue: 3000,
  maxdiscount: null,
  minprice: 0,
  validfrom: '2020-01-01',
  validuntil: '2099-12-31',
  contentsids: [],
  categoryids: [],
  ...over,
});
const create = (headers: Record<string, string>, over: Record<string, unknown> = {}, key?: string) =>
  server.call('POST', '/api/Admin/Coupons', {
    body: draft(over),
    headers: { ...headers, ...(key ? { 'Idempotency-Key': key } : {}) },
    auth: false,
  });
const issue = (headers: Record<string, string>, campaignid: number, emails: string[]) =>
  server.call('POST', `/api/Admin/Coupons/${campaignid}/Issue`, { body: { emails }, headers, auth: false });
const stop = (headers: Record<string, string>, campaignid: number) =>
  server.call('POST', `/api/Admin/Coupons/${campaignid}/Stop`, { headers, auth: false });
const list = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  server.call('POST', '/api/Admin/Coupons/List', { body: { page: 1, pageSize: 50, ...body }, headers, auth: false });
const trail = async (operation: string) =>
  (await server.call('POST', '/api/Admin/Audit/List', { body: { limit: 50, operation }, headers: as.owner, auth: false })).json
    .datas.list as { objectid: string; summary: { after: Record<string, unknown> } }[];

/** A members campaign issued to new@demo.kr; returns the campaign and the code in new@demo.kr's wallet. */
async function issuedToNewMember(over: Record<string, unknown>) {
  const made = await create(as.operator, over);
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const campaignid = made.json.datas.campaignid as number;
  expect((await issue(as.operator, campaignid, ['new@demo.kr'])).json.datas.issued).toBe(1);
  const code = await sql<{ couponnumber: string }>`select couponnumber from coupons where campaignid = ${campaignid} and owner = 'u-demo-2'`.execute(
    server.db,
  );
  return { campaignid, code: code.rows[0]!.couponnumber, campaign: made.json.datas };
}
const couponInfo = (code: string) => server.call('GET', `/api/Coupon/GetCouponInfo/${code}`, { headers: as.newMember, auth: false });
/** Payment/Save of one lecture by new@demo.kr with the figures given (the honest ones unless a test tampers). */
const save = (l: { contentsid: number; saleprice: number }, couponnumber: string, coupondiscount: number) =>
  server.call('POST', '/api/Payment/Save/', {
    body: {
      useruid: 'u-demo-2',
      contentsids: [l.contentsid],
      title: '',
      amount: l.saleprice,
      pointused: 0,
      couponnumber,
      coupondiscount,
      paidamount: l.saleprice - coupondiscount,
      paymethod: 'card',
    },
    headers: as.newMember,
    auth: false,
  });
async function pay(paymentid: number, amount: number) {
  const t = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount, method: 'card' } });
  const pgtid = t.json.datas.pgtid as string;
  await server.call('POST', `/local/pay/transactions/${pgtid}/approve`);
  return server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount }, headers: as.newMember, auth: false });
}

describe('who may run coupon campaigns', () => {
  it('a member and an instructor are refused every operation (403), nothing changed', async () => {
    const made = await create(as.owner, { kind: 'codes', count: 3 });
    const id = made.json.datas.campaignid as number;
    const before = await tableSnapshot(server.db);
    for (const headers of [member(), as.instructor]) {
      const answers = [
        await list(headers),
        await create(headers),
        await issue(headers, id, ['new@demo.kr']),
        await stop(headers, id),
        await server.call('GET', `/api/Admin/Coupons/${id}/Codes`, { headers, auth: false }),
      ];
      expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});

describe('creating a campaign', () => {
  it('refuses bad terms with a Korean message (400) and creates nothing', async () => {
    const before = await tableSnapshot(server.db);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ discounttype: 'percent', discountvalue: 101, maxdiscount: 5000 }, '할인율은 1~100% 사이로 적어주세요.'],
      [{ discounttype: 'percent', discountvalue: 10, maxdiscount: null }, '정률 할인에는 최대 할인 금액을 적어주세요.'],
      [{ discounttype: 'percent', discountvalue: 10, maxdiscount: 0 }, null],
      [{ discounttype: 'percent', discountvalue: 10, maxdiscount: -1000 }, null],
      [{ discountvalue: 0 }, null],
      [{ discountvalue: -3000 }, null],
      [{ discountvalue: 3000, maxdiscount: 1000 }, '최대 할인 금액은 정률 할인에만 둘 수 있습니다.'],
      [{ validfrom: '2099-12-31', validuntil: '2099-01-01' }, '사용 기간의 마지막 날이 시작일보다 빠릅니다.'],
      [{ validfrom: '2020-01-01', validuntil: '2020-12-31' }, '이미 지난 사용 기간입니다.'],
      [{ validuntil: '2099-02-31' }, null],
      [{ kind: 'codes' }, '만들 쿠폰 수를 적어주세요.'],
      [{ kind: 'codes', count: 10_001 }, null],
      [{ contentsids: [99_999_999] }, '없는 강의나 카테고리가 있습니다.'],
      [{ name: '' }, null],
    ];
    for (const [over, message] of cases) {
      const r = await create(as.operator, over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      if (message) expect(r.json.respMessage).toBe(message);
      else expect(r.json.respMessage).toMatch(/[가-힣]/);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('the same Idempotency-Key sent twice, and twice at once, creates one campaign and one audit entry', async () => {
    const first = await create(as.owner, { name: '중복 확인' }, 'campaign-key-1');
    const again = await create(as.owner, { name: '중복 확인' }, 'campaign-key-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.datas.campaignid).toBe(first.json.datas.campaignid);
    const both = await Promise.all([1, 2].map(() => create(as.owner, { name: '동시 확인', kind: 'codes', count: 50 }, 'campaign-key-2')));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.json.datas.campaignid).toBe(both[1]!.json.datas.campaignid);
    const made = await sql<{ n: number }>`select count(*)::int as n from coupon_campaigns where name in ('중복 확인', '동시 확인')`.execute(server.db);
    expect(made.rows[0]!.n).toBe(2);
    const codes = await sql<{ n: number }>`select count(*)::int as n from coupons where campaignid = ${both[0]!.json.datas.campaignid}`.execute(server.db);
    expect(codes.rows[0]!.n).toBe(50);
    const ids = [first, both[0]!].map((r) => String(r.json.datas.campaignid));
    expect((await trail('createAdminCouponCampaign')).filter((e) => ids.includes(e.objectid))).toHaveLength(2);
    const other = await create(as.owner, { name: '다른 이름' }, 'campaign-key-1');
    expect([other.status, other.json.respMessage]).toEqual([409, '같은 요청 키로 다른 캠페인이 이미 만들어졌습니다. 화면을 새로 고친 뒤 다시 해주세요.']);
  });
});

describe('a code campaign', () => {
  it('makes N unguessable unique codes in one go, exports them as CSV with formulas made inert, audited', async () => {
    const made = await create(as.operator, { name: '=HYPERLINK("http://evil.example","클릭")', kind: 'codes', count: 2000 });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.respMessage).toBe('쿠폰 코드 2,000개를 만들었습니다.');
    const id = made.json.datas.campaignid as number;
    expect(made.json.datas).toMatchObject({ kind: 'codes', issued: 2000, used: 0, discount: 0, stoppedat: null });
    const csv = await fetch(`${server.url}/api/Admin/Coupons/${id}/Codes`, { headers: { ...CLIENT, ...as.operator } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="coupon-codes-${id}.csv"`);
    // The BOM stays: Excel reads the Korean by it.
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(body.slice(1).trim()).data;
    expect(rows[0]).toEqual(['쿠폰번호', '캠페인', '할인', '최소 주문금액', '사용 시작', '사용 종료', '상태', '사용일시']);
    const codes = rows.slice(1).map((r) => r[0]!);
    expect(codes).toHaveLength(2000);
    expect(new Set(codes.map((c) => c.toUpperCase())).size).toBe(2000);
    expect(codes.every((c) => /^[A-HJKMNP-Z2-9]{12}$/.test(c))).toBe(true);
    // The campaign's name starts with '=': the cell carries it behind a quote, which a spreadsheet shows as text.
    expect(rows[1]![1]).toBe(`'=HYPERLINK("http://evil.example","클릭")`);
    expect(rows[1]!.slice(2, 7)).toEqual(['3,000원', '0원', '2020-01-01', '2099-12-31', '사용 가능']);
    const exported = (await trail('exportAdminCouponCodes')).find((e) => e.objectid === String(id));
    expect(exported?.summary.after).toEqual({ exported: 2000 });
    const refused = await issue(as.operator, id, ['new@demo.kr']);
    expect([refused.status, refused.json.respMessage]).toEqual([409, '코드를 나눠주는 캠페인은 회원에게 발급할 수 없습니다.']);
  });

  it('a member uses a code once: its campaign counts the use and the discount; a whole refund gives the code back', async () => {
    const made = await create(as.operator, { name: '코드 5천원', kind: 'codes', count: 2, discountvalue: 5000 });
    const id = made.json.datas.campaignid as number;
    const code = (await sql<{ couponnumber: string }>`select couponnumber from coupons where campaignid = ${id} limit 1`.execute(server.db)).rows[0]!
      .couponnumber;
    const l = lecture();
    const saved = await save(l, code.toLowerCase(), 5000);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((await pay(saved.json.datas.paymentid, saved.json.datas.paidamount)).status).toBe(200);
    const row = (await list(as.owner)).json.datas.list.find((c: { campaignid: number }) => c.campaignid === id);
    expect(row).toMatchObject({ issued: 2, used: 1, discount: 5000, refunded: 0 });
    // A whole refund (청약철회, unplayed) gives the code back: the order counts as refunded, not as a use.
    const refund = await server.call('POST', '/api/Payment/RequestRefund/', {
      body: { paymentid: saved.json.datas.paymentid, reason: '단순 변심' },
      headers: as.newMember,
      auth: false,
    });
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    const after = (await list(as.owner)).json.datas.list.find((c: { campaignid: number }) => c.campaignid === id);
    expect(after).toMatchObject({ issued: 2, used: 0, discount: 0, refunded: 1 });
    expect((await couponInfo(code)).json).toMatchObject({ respMessage: '', datas: { isused: false } });
  });
});

describe("a campaign issued into members' wallets", () => {
  it('reports each line in Korean, creates nothing for unknown or withdrawn e-mails, and issues a list once', async () => {
    await sql`update members set left_at = ${kst()}, email = 'left-1700000000000-' || email where useruid = 'u-demo-3'`.execute(server.db);
    const made = await create(as.operator, { name: '회원 발급' });
    const id = made.json.datas.campaignid as number;
    const emails = ['new@demo.kr', '', 'nobody@demo.kr', 'nophone@demo.kr', 'not-an-email', ' NEW@demo.kr '];
    const r = await issue(as.operator, id, emails);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.datas).toEqual({
      issued: 1,
      lines: [
        { line: 1, email: 'new@demo.kr', outcome: 'issued', message: '발급했습니다.' },
        { line: 3, email: 'nobody@demo.kr', outcome: 'unknown', message: '가입한 회원이 없는 이메일입니다.' },
        { line: 4, email: 'nophone@demo.kr', outcome: 'withdrawn', message: '탈퇴한 회원입니다.' },
        { line: 5, email: 'not-an-email', outcome: 'invalid', message: '이메일 형식이 아닙니다.' },
        { line: 6, email: 'NEW@demo.kr', outcome: 'duplicate', message: '목록에 이미 있는 이메일입니다.' },
      ],
    });
    const again = await issue(as.operator, id, emails);
    expect(again.json.datas.issued).toBe(0);
    expect(again.json.datas.lines[0]).toMatchObject({ outcome: 'already', message: '이미 발급된 회원입니다.' });
    const rows = await sql<{ owner: string }>`select owner from coupons where campaignid = ${id}`.execute(server.db);
    expect(rows.rows.map((x) => x.owner)).toEqual(['u-demo-2']);
    const audited = (await trail('issueAdminCouponCampaign')).filter((e) => e.objectid === String(id));
    expect(audited.map((e) => e.summary.after)).toEqual([{ issued: 1, members: ['u-demo-2'] }]);
    // new@demo.kr's wallet (내 쿠폰) lists it as usable; member@demo.kr's does not.
    const wallet = await server.call('POST', '/api/Coupon/GetMyCoupons/', {
      body: { useruid: 'u-demo-2', page: 1, pageSize: 50, kind: 'usable' },
      headers: as.newMember,
      auth: false,
    });
    expect(wallet.json.datas.list.find((c: { name: string }) => c.name === '회원 발급')).toMatchObject({ usable: true, discountvalue: 3000 });
  });

  it('two issues to the same member at once issue one coupon', async () => {
    const made = await create(as.operator, { name: '동시 발급' });
    const id = made.json.datas.campaignid as number;
    const both = await Promise.all([issue(as.operator, id, ['member@demo.kr']), issue(as.owner, id, ['member@demo.kr'])]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.json.datas.issued).sort()).toEqual([0, 1]);
    const n = await sql<{ n: number }>`select count(*)::int as n from coupons where campaignid = ${id}`.execute(server.db);
    expect(n.rows[0]!.n).toBe(1);
  });
});

describe('the server applies the campaign’s terms at checkout', () => {
  it('a percent coupon never discounts more than its cap: the capped figure is taken, the uncapped one refused', async () => {
    const { code } = await issuedToNewMember({ name: '반값 (최대 3,000원)', discounttype: 'percent', discountvalue: 50, maxdiscount: 3000 });
    const info = await couponInfo(code);
    expect(info.json).toMatchObject({ respMessage: '', datas: { discounttype: 'percent', discountvalue: 50, maxdiscount: 3000 } });
    const l = lecture();
    const uncapped = await save(l, code, Math.floor(l.saleprice / 2));
    expect([uncapped.status, uncapped.json.respMessage]).toEqual([409, '결제 금액이 변경되었습니다. 다시 확인해주세요.']);
    const capped = await save(l, code, 3000);
    expect(capped.status, JSON.stringify(capped.json)).toBe(200);
    expect(capped.json.datas).toMatchObject({ coupondiscount: 3000, paidamount: l.saleprice - 3000 });
  });

  it('a coupon not yet valid is refused at GetCouponInfo and Payment/Save, in Korean', async () => {
    const { code } = await issuedToNewMember({ name: '내년 쿠폰', validfrom: '2099-01-01' });
    const message = '아직 사용 기간이 아닌 쿠폰입니다. (2099년 1월 1일부터 사용 가능)';
    expect((await couponInfo(code)).json.respMessage).toBe(message);
    const saved = await save(lecture(), code, 3000);
    expect([saved.status, saved.json.respMessage]).toEqual([409, message]);
  });

  it('a scoped coupon is refused for an order with no class in scope, and applies to one that has one', async () => {
    const [inScope, outOfScope] = [lecture(), lectures.find((l, i) => i >= next && l.categoryid !== lectures[next - 1]!.categoryid)!];
    const byClass = await issuedToNewMember({ name: '한 강의 전용', contentsids: [inScope.contentsid] });
    const refused = await save(outOfScope, byClass.code, 3000);
    expect([refused.status, refused.json.respMessage]).toEqual([409, '이 쿠폰을 사용할 수 있는 강의가 주문에 없습니다.']);
    expect((await save(inScope, byClass.code, 3000)).status).toBe(200);
    const byCategory = await issuedToNewMember({ name: '카테고리 전용', categoryids: [inScope.categoryid] });
    const refusedToo = await save(outOfScope, byCategory.code, 3000);
    expect(refusedToo.status).toBe(409);
  });

  it('a stopped campaign’s coupon is refused at GetCouponInfo and Payment/Save; a doubled stop records one stop', async () => {
    const { code, campaignid } = await issuedToNewMember({ name: '중지될 쿠폰' });
    const stopped = await stop(as.operator, campaignid);
    expect(stopped.status).toBe(200);
    expect(stopped.json.datas.stoppedat).toMatch(/\+09:00$/);
    expect((await stop(as.owner, campaignid)).json.respMessage).toBe('이미 중지된 캠페인입니다.');
    expect((await trail('stopAdminCouponCampaign')).filter((e) => e.objectid === String(campaignid))).toHaveLength(1);
    expect((await couponInfo(code)).json.respMessage).toBe('사용이 중지된 쿠폰입니다.');
    const saved = await save(lecture(), code, 3000);
    expect([saved.status, saved.json.respMessage]).toEqual([409, '사용이 중지된 쿠폰입니다.']);
    const wallet = await server.call('POST', '/api/Coupon/GetMyCoupons/', {
      body: { useruid: 'u-demo-2', page: 1, pageSize: 50, kind: 'all' },
      headers: as.newMember,
      auth: false,
    });
    expect(wallet.json.datas.list.find((c: { couponnumber: string }) => c.couponnumber === code)).toMatchObject({ usable: false, reason: '사용 중지' });
    const refused = await issue(as.operator, campaignid, ['member@demo.kr']);
    expect([refused.status, refused.json.respMessage]).toEqual([409, '중지된 캠페인입니다.']);
    const listed = await list(as.operator, { state: 'stopped' });
    expect(listed.json.datas.list.map((c: { campaignid: number }) => c.campaignid)).toContain(campaignid);
  });
});
