import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { iso } from '../lib/time';
import { freshDatabaseUrl, testServer, type TestServer } from '../testing';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { seed } from '../db/seed';
import { refundPolicyHtml } from '../db/seed-data';

// Issue 25: the member's coupons (GetMyCoupons), a welcome coupon once per member, a single-use code once in the
// store, codes in any case; and a history that lists orders, not attempts.
let server: TestServer;
const tokens: Record<string, string> = {};
/** Paid lectures of at least 10,000 won (WELCOME5000's minimum) that none of the test members owns. */
let lectures: { contentsid: number; saleprice: number }[] = [];

beforeAll(async () => {
  server = await testServer();
  tokens['u-demo-1'] = server.token;
  for (const [useruid, email] of [
    ['u-demo-2', 'new@demo.kr'],
    ['u-demo-3', 'nophone@demo.kr'],
  ] as const) {
    const r = await server.call('POST', '/local/auth/sign-in', { body: { email, remember: false }, auth: false });
    tokens[useruid] = r.json.datas.accessToken;
  }
  lectures = (
    await sql<{ contentsid: number; saleprice: number }>`select contentsid, saleprice from lectures
      where saleprice >= 10000 and contentsid not in (select contentsid from enrollments)
      order by contentsid limit 12`.execute(server.db)
  ).rows;
}, 30_000);
afterAll(() => server?.close());
// Every call naming a coupon counts against one allowance of guesses per client and member (issue 41, GUESSABLE in
// server/openapi/throttle.ts); this file's calls all come from one address within a minute, so each test starts whole.
beforeEach(async () => {
  await sql`delete from lookup_windows`.execute(server.db);
});

let next = 0;
/** A lecture no member of this file has ordered yet. */
const lecture = () => lectures[next++]!;

function as(useruid: string, method: string, path: string, body?: unknown) {
  return server.call(method, path, { body, headers: { Authorization: `Bearer ${tokens[useruid]}` }, auth: false });
}
const myCoupons = (useruid: string, kind: 'all' | 'usable' = 'all', asker = useruid) =>
  as(asker, 'POST', '/api/Coupon/GetMyCoupons/', { useruid, page: 1, pageSize: 50, kind });

/** Payment/Save of one lecture with a fixed-discount coupon, as the member saw it. */
function saveWith(useruid: string, l: { contentsid: number; saleprice: number }, couponnumber: string | null, discount: number) {
  return as(useruid, 'POST', '/api/Payment/Save/', {
    useruid,
    contentsids: [l.contentsid],
    title: '',
    amount: l.saleprice,
    pointused: 0,
    couponnumber,
    coupondiscount: discount,
    paidamount: l.saleprice - discount,
    paymethod: 'card',
  });
}
async function pay(useruid: string, paymentid: number, amount: number) {
  const t = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount, method: 'card' } });
  const pgtid = t.json.datas.pgtid as string;
  await server.call('POST', `/local/pay/transactions/${pgtid}/approve`);
  return as(useruid, 'POST', '/api/Payment/UpdatePaid/', { paymentid, pgtid, amount });
}
async function buyWith(useruid: string, couponnumber: string, discount: number) {
  const l = lecture();
  const saved = await saveWith(useruid, l, couponnumber, discount);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const paid = await pay(useruid, saved.json.datas.paymentid, saved.json.datas.paidamount);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return paid.json.datas;
}

describe("GetMyCoupons: the member's coupons", () => {
  it('lists the welcome coupon, the coupons issued to the member and those used; usable first, each saying why not', async () => {
    const r = await myCoupons('u-demo-1');
    expect(r.status).toBe(200);
    const byCode = Object.fromEntries(r.json.datas.list.map((c: any) => [c.couponnumber, c]));
    expect(Object.keys(byCode).sort()).toEqual(['START3000', 'THANKS3000', 'WELCOME5000']);
    expect(byCode.WELCOME5000).toMatchObject({ permember: true, usable: true, reason: null, isused: false, discountvalue: 5000 });
    expect(byCode.THANKS3000).toMatchObject({ permember: false, usable: true });
    expect(byCode.START3000).toMatchObject({ usable: false, reason: '사용 완료', isused: true });
    // Used by the demo member's first order (seed), when it was paid.
    const paid = await sql<{ t: string }>`select paid_at as t from payments where couponnumber = 'START3000'`.execute(server.db);
    expect(byCode.START3000.useddate).toBe(iso(paid.rows[0]!.t));
    expect(r.json.datas.list.at(-1).couponnumber).toBe('START3000');
    const usable = await myCoupons('u-demo-1', 'usable');
    expect(usable.json.datas.list.map((c: any) => c.couponnumber).sort()).toEqual(['THANKS3000', 'WELCOME5000']);
    expect(usable.json.datas.totalCount).toBe(2);
  });

  it("another member's coupons are 403, and no token is 401", async () => {
    const r = await myCoupons('u-demo-1', 'all', 'u-demo-2');
    expect(r.status).toBe(403);
    const anonymous = await server.call('POST', '/api/Coupon/GetMyCoupons/', {
      body: { useruid: 'u-demo-1', page: 1, pageSize: 10 },
      auth: false,
    });
    expect(anonymous.status).toBe(401);
  });

  it('a coupon issued to another member is not found, neither looked up nor applied', async () => {
    const info = await as('u-demo-2', 'GET', '/api/Coupon/GetCouponInfo/thanks3000');
    expect(info.status).toBe(404);
    const saved = await saveWith('u-demo-2', lectures.at(-1)!, 'THANKS3000', 3000);
    expect(saved.status).toBe(404);
    expect(saved.json.respMessage).toBe('쿠폰을 찾을 수 없습니다.');
    expect((await myCoupons('u-demo-2')).json.datas.list.map((c: any) => c.couponnumber)).not.toContain('THANKS3000');
  });
});

describe('a welcome coupon is used once per member', () => {
  it('two members each use it once, typed in any case; the order keeps the code as issued', async () => {
    const first = await buyWith('u-demo-2', 'welcome5000', 5000);
    expect(first).toMatchObject({ couponnumber: 'WELCOME5000', coupondiscount: 5000, status: 'paid' });
    const second = await buyWith('u-demo-3', 'Welcome5000', 5000);
    expect(second).toMatchObject({ couponnumber: 'WELCOME5000', status: 'paid' });
    const confirmed = await as('u-demo-3', 'POST', '/api/Coupon/Update/', {
      couponnumber: 'welcome5000',
      useruid: 'u-demo-3',
      paymentid: second.paymentid,
    });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    // Another member's use leaves the welcome coupon usable for u-demo-1.
    const info = await as('u-demo-1', 'GET', '/api/Coupon/GetCouponInfo/WELCOME5000');
    expect(info.json).toMatchObject({ respMessage: '', datas: { isused: false } });
  });

  it('the same member using it again is refused with a Korean message, and the list says 사용 완료', async () => {
    const again = await saveWith('u-demo-2', lecture(), 'WELCOME5000', 5000);
    expect(again.status).toBe(409);
    expect(again.json.respMessage).toBe('이미 사용한 쿠폰입니다.');
    const info = await as('u-demo-2', 'GET', '/api/Coupon/GetCouponInfo/WELCOME5000');
    expect(info.json.respMessage).toBe('이미 사용한 쿠폰입니다.');
    const mine = (await myCoupons('u-demo-2')).json.datas.list.find((c: any) => c.couponnumber === 'WELCOME5000');
    expect(mine).toMatchObject({ usable: false, reason: '사용 완료', isused: true });
    expect(mine.useddate).not.toBeNull();
    expect((await myCoupons('u-demo-2', 'usable')).json.datas.list).toEqual([]);
  });

  it('two open orders of one member cannot hold it at once (a doubled checkout)', async () => {
    const [a, b] = await Promise.all([
      saveWith('u-demo-1', lecture(), 'WELCOME5000', 5000),
      saveWith('u-demo-1', lecture(), 'welcome5000', 5000),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.respMessage).toBe('다른 주문에 사용 중인 쿠폰입니다.');
  });
});

describe('a single-use code is used once in the store', () => {
  it('two members at once: one order holds it, the other is refused; once paid it is used for everyone', async () => {
    await sql`insert into coupons (couponnumber, title, discount_amount, expires_at) values ('Spring-2000', '봄 2,000원', 2000, '2099-12-31 23:59:59')`.execute(
      server.db,
    );
    const [a, b] = await Promise.all([
      saveWith('u-demo-2', lecture(), 'SPRING-2000', 2000),
      saveWith('u-demo-3', lecture(), 'spring-2000', 2000),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, 'u-demo-3'] : [b, 'u-demo-2'];
    expect(won.json.datas.couponnumber).toBe('Spring-2000');
    const winner = a.status === 200 ? 'u-demo-2' : 'u-demo-3';
    expect((await pay(winner, won.json.datas.paymentid, won.json.datas.paidamount)).status).toBe(200);
    const later = await saveWith(lost, lecture(), 'SPRING-2000', 2000);
    expect(later.status).toBe(409);
    expect(later.json.respMessage).toBe('이미 사용한 쿠폰입니다.');
    // The winner sees it among their coupons as used; the other member does not hold it at all.
    const theirs = (await myCoupons(winner)).json.datas.list.find((c: any) => c.couponnumber === 'Spring-2000');
    expect(theirs).toMatchObject({ usable: false, reason: '사용 완료' });
    expect((await myCoupons(lost)).json.datas.list.map((c: any) => c.couponnumber)).not.toContain('Spring-2000');
  });
});

describe('GetPaymentList tells orders from attempts', () => {
  it('a declined attempt is not an order: it is listed only under attempts; paid orders are listed by default', async () => {
    const l = lecture();
    const saved = await saveWith('u-demo-2', l, null, 0);
    const t = await server.call('POST', '/local/pay/transactions', {
      body: { paymentid: saved.json.datas.paymentid, amount: l.saleprice, method: 'card' },
    });
    await server.call('POST', `/local/pay/transactions/${t.json.datas.pgtid}/decline`);
    const list = async (view?: 'orders' | 'attempts') =>
      (
        await as('u-demo-2', 'POST', '/api/Payment/GetPaymentList/', {
          useruid: 'u-demo-2',
          page: 1,
          pageSize: 50,
          ...(view ? { view } : {}),
        })
      ).json.datas;
    const orders = await list();
    expect(orders.list.map((p: any) => p.paymentid)).not.toContain(saved.json.datas.paymentid);
    expect(orders.list.every((p: any) => p.paiddate !== null)).toBe(true);
    expect(orders.list.length).toBeGreaterThanOrEqual(1);
    expect(orders.totalCount).toBe(orders.list.length);
    const attempts = await list('attempts');
    const attempt = attempts.list.find((p: any) => p.paymentid === saved.json.datas.paymentid);
    expect(attempt).toMatchObject({ status: 'failed', paiddate: null });
    expect(attempts.list.every((p: any) => p.paiddate === null)).toBe(true);
    expect((await list('orders')).totalCount).toBe(orders.totalCount);
  });

  it("another member's attempts are 403", async () => {
    const r = await as('u-demo-2', 'POST', '/api/Payment/GetPaymentList/', {
      useruid: 'u-demo-1',
      page: 1,
      pageSize: 10,
      view: 'attempts',
    });
    expect(r.status).toBe(403);
  });
});

describe('migration 020 on a database seeded before it', () => {
  it('makes the welcome coupon once per member, issues THANKS3000, and gives the FAQ the refund policy of the terms', async () => {
    const url = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL) : undefined;
    const database = await openDatabase(url ? { url } : { memory: true });
    try {
      const db = database.db;
      await sql`create table schema_migrations (id text primary key, applied_at text not null)`.execute(db);
      for (const m of migrations.filter((m) => m.id !== '020_member_coupons')) {
        for (const statement of m.statements) await sql.raw(statement).execute(db);
        await sql`insert into schema_migrations (id, applied_at) values (${m.id}, 'then')`.execute(db);
      }
      await seed(db);
      await sql`update faqs set answer = '<p>수강 시작 전 7일 이내 전액 환불됩니다.</p>' where question = '환불은 어떻게 하나요?'`.execute(
        db,
      );
      expect(await migrate(db)).toEqual(['020_member_coupons']);
      const coupons = await sql<{ couponnumber: string; per_member: boolean; owner: string | null }>`
        select couponnumber, per_member, owner from coupons where couponnumber in ('WELCOME5000', 'THANKS3000', 'PILATES10') order by 1`.execute(
        db,
      );
      expect(coupons.rows).toEqual([
        { couponnumber: 'PILATES10', per_member: false, owner: null },
        { couponnumber: 'THANKS3000', per_member: false, owner: 'u-demo-1' },
        { couponnumber: 'WELCOME5000', per_member: true, owner: null },
      ]);
      const faq = await sql<{ answer: string }>`select answer from faqs where question = '환불은 어떻게 하나요?'`.execute(db);
      expect(faq.rows[0]!.answer).toBe(refundPolicyHtml);
      // Two codes that differ only by case cannot both exist.
      await expect(
        sql`insert into coupons (couponnumber, title, expires_at) values ('welcome5000', 'x', '2099-12-31 23:59:59')`.execute(db),
      ).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await database.close();
    }
  }, 60_000);
});
