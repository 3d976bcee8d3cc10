import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

/**
 * Issue 16: the member lists page in SQL. A member with 120 lectures (u-demo-2, who has none in the demo data):
 * pages, status filters and totals as the contract has them, and another member's id still refused.
 */
let s: TestServer;
let token = '';
const ME = 'u-demo-2';
const N = 120;
const ids = Array.from({ length: N }, (_, i) => 9001 + i);
// Newest first: lecture 9001 + i started i hours after the first; 9060 and 9061 started together (the id breaks the tie).
const startOf = (id: number) => (id === 9061 ? 9060 : id) - 9001;
const ended = (id: number) => id % 4 === 0;
const completed = (id: number) => id % 5 === 0;
const bookmarked = (id: number) => id % 6 === 0;
const ebook = (id: number) => id % 10 === 3;
const newestFirst = [...ids].sort((a, b) => startOf(b) - startOf(a) || b - a);

const call = (method: string, path: string, body?: unknown) =>
  s.call(method, path, { body, headers: { Authorization: `Bearer ${token}` }, auth: false });
const myLectures = (body: Record<string, unknown>) => call('POST', '/api/Contents/GetMyLectures/', { useruid: ME, ...body });

beforeAll(async () => {
  s = await testServer();
  token = (await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false })).json
    .datas.accessToken;
  const db = s.db;
  const category = (await sql<{ categoryid: number }>`select min(categoryid) as categoryid from categories`.execute(db)).rows[0]!
    .categoryid;
  await sql`insert into lectures (contentsid, categoryid, title, price, saleprice, is_ebook, created_at)
    select id, ${category}, '확장 강의 ' || id, 10000, 9000, id % 10 = 3, '2024-01-01 00:00:00'
    from generate_series(9001, ${9000 + N}) id`.execute(db);
  await sql`insert into enrollments (useruid, contentsid, start_at, end_at, completed_at)
    select ${ME}, id,
      to_char(timestamp '2025-01-01' + (case when id = 9061 then 59 else id - 9001 end) * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS'),
      case when id % 4 = 0 then '2025-06-01 00:00:00' else '2099-12-31 23:59:59' end,
      case when id % 5 = 0 then '2025-05-01 00:00:00' end
    from generate_series(9001, ${9000 + N}) id`.execute(db);
  await sql`insert into bookmarks (useruid, contentsid, videoid, created_at)
    select ${ME}, id, 0, '2025-02-01 00:00:00' from generate_series(9001, ${9000 + N}) id where id % 6 = 0`.execute(db);
  // Lecture 9120: two videos, the member finished one and last watched the other.
  await sql`insert into sections (sectionid, contentsid, title, sort) values (91200, 9120, '1장', 1)`.execute(db);
  await sql`insert into videos (videoid, sectionid, contentsid, title, duration_sec, path, sort)
    values (912001, 91200, 9120, '1강', 600, 'media/x.mp4', 1), (912002, 91200, 9120, '2강', 600, 'media/y.mp4', 2)`.execute(db);
  await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
    values (${ME}, 9120, 912001, 600, 600, true, '2025-03-01 10:00:00'), (${ME}, 9120, 912002, 60, 60, false, '2025-03-02 10:00:00')`.execute(
    db,
  );
}, 60_000);
afterAll(() => s?.close());

describe('GetMyLectures pages in SQL', () => {
  it('page 2 of 120 lectures: the next ten, newest first; running and ended classes add up to all 120', async () => {
    const running = newestFirst.filter((id) => !ended(id));
    const r = await myLectures({ page: 2, pageSize: 10, status: 'ing' });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ totalCount: running.length, page: 2, pageSize: 10 });
    expect(r.json.datas.list.map((l: any) => l.contentsid)).toEqual(running.slice(10, 20));
    const end = await myLectures({ page: 2, pageSize: 10, status: 'end' });
    expect(r.json.datas.totalCount + end.json.datas.totalCount).toBe(N);
  });

  it.each([
    ['ing', (id: number) => !ended(id)],
    ['end', ended],
    ['certificate', completed],
    ['bookmark', bookmarked],
    ['ebook', ebook],
    ['package', () => false],
  ] as const)('status %s: its own total and its own page 2', async (status, keep) => {
    const expected = newestFirst.filter(keep);
    const r = await myLectures({ page: 2, pageSize: 7, status });
    expect(r.status).toBe(200);
    expect(r.json.datas.totalCount).toBe(expected.length);
    expect(r.json.datas.list.map((l: any) => l.contentsid)).toEqual(expected.slice(7, 14));
  });

  it('a page past the last one is empty and still carries the total', async () => {
    const r = await myLectures({ page: 50, pageSize: 10, status: 'ing' });
    expect(r.json.datas.list).toEqual([]);
    expect(r.json.datas.totalCount).toBe(newestFirst.filter((id) => !ended(id)).length);
  });

  it('each class carries its lecture record, progress, last video, bookmark and certificate', async () => {
    const first = (await myLectures({ page: 1, pageSize: 3, status: 'end' })).json.datas.list;
    const l = first[0];
    expect(l).toMatchObject({ contentsid: 9120, title: '확장 강의 9120', videocount: 2, totalduration: 1200, saleprice: 9000 });
    expect(l).toMatchObject({ progress: 50, lastvideoid: 912002, isbookmarked: true, iscomplete: true, isexpired: true });
    expect(l.lastwatched).toMatch(/^2025-03-02T10:00:00/);
    expect(l.certificate).toMatchObject({ contentsid: 9120, title: '확장 강의 9120', username: '이새봄' });
    expect(l.certificate.certificateno).toMatch(/^KPRA-[0-9A-Z]{10}$/);
    // Issued once: the next listing shows the same number.
    const again = (await myLectures({ page: 1, pageSize: 3, status: 'end' })).json.datas.list[0];
    expect(again.certificate.certificateno).toBe(l.certificate.certificateno);
    expect(first[1]).toMatchObject({
      contentsid: 9116,
      progress: 0,
      lastvideoid: null,
      lastwatched: null,
      isbookmarked: false,
      certificate: null,
    });
  });

  it("another member's id is a 403, whatever the page or filter", async () => {
    for (const body of [
      { useruid: 'u-demo-1', page: 1, pageSize: 10, status: 'ing' },
      { useruid: 'u-demo-1', page: 2, pageSize: 7, status: 'certificate' },
    ]) {
      const r = await call('POST', '/api/Contents/GetMyLectures/', body);
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' });
    }
    expect((await call('GET', '/api/Contents/GetMyClassInfo/u-demo-1')).status).toBe(403);
  });

  it('GetMyClassInfo counts the running classes and those ending this week', async () => {
    await sql`update enrollments set end_at = to_char(now() + interval '3 days', 'YYYY-MM-DD HH24:MI:SS') where useruid = ${ME} and contentsid = 9001`.execute(
      s.db,
    );
    const r = await call('GET', `/api/Contents/GetMyClassInfo/${ME}`);
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ classCnt: ids.filter((id) => !ended(id)).length, expireCnt: 1 });
  });
});

describe('the other member lists page in SQL', () => {
  it('Point/GetList: page 2 with running balances, totals per kind', async () => {
    // 25 entries: +1000 each, every fifth a spend of 300 (the trigger keeps the balance).
    await sql`insert into points (useruid, amount, reason, created_at)
      select ${ME}, case when i % 5 = 0 then -300 else 1000 end, '테스트', to_char(timestamp '2025-01-01' + i * interval '1 day', 'YYYY-MM-DD HH24:MI:SS')
      from generate_series(1, 25) i`.execute(s.db);
    const amounts = Array.from({ length: 25 }, (_, k) => ((k + 1) % 5 === 0 ? -300 : 1000));
    const balances = amounts.map((_, k) => amounts.slice(0, k + 1).reduce((a, b) => a + b, 0));
    const r = await call('POST', '/api/Point/GetList/', { useruid: ME, page: 2, pageSize: 10 });
    expect(r.json.datas.totalCount).toBe(25);
    // Newest first: page 2 holds entries 15..6 (1-based), each with the balance after it.
    expect(r.json.datas.list.map((p: any) => [p.amount, p.balance])).toEqual(
      Array.from({ length: 10 }, (_, k) => 14 - k).map((k) => [amounts[k], balances[k]]),
    );
    const spends = await call('POST', '/api/Point/GetList/', { useruid: ME, page: 1, pageSize: 10, kind: 'use' });
    expect(spends.json.datas.totalCount).toBe(5);
    expect(spends.json.datas.list.map((p: any) => p.balance)).toEqual([24, 19, 14, 9, 4].map((k) => balances[k]));
    const past = await call('POST', '/api/Point/GetList/', { useruid: ME, page: 9, pageSize: 10, kind: 'earn' });
    expect(past.json.datas).toMatchObject({ list: [], totalCount: 20 });
    expect((await call('POST', '/api/Point/GetList/', { useruid: 'u-demo-1', page: 2, pageSize: 10 })).status).toBe(403);
  });

  it('QnA/GetList: page 2 newest first, the total, and only mine', async () => {
    await sql`insert into qnas (contentsid, useruid, username, title, content, is_private, created_at)
      select 9001, case when i % 3 = 0 then ${ME} else 'u-demo-1' end, '회원', '질문 ' || i, '내용', i % 2 = 0, '2025-01-01 00:00:00'
      from generate_series(1, 15) i`.execute(s.db);
    const r = await call('POST', `/api/QnA/GetList/9001/${ME}`, { page: 2, pageSize: 10 });
    expect(r.json.datas.totalCount).toBe(15);
    expect(r.json.datas.list.map((q: any) => q.title)).toEqual(['질문 5', '비밀글입니다.', '질문 3', '비밀글입니다.', '질문 1']);
    const mine = await call('POST', `/api/QnA/GetList/9001/${ME}?canIOnlySee=true`, { page: 1, pageSize: 10 });
    expect(mine.json.datas.totalCount).toBe(5);
    expect(mine.json.datas.list.map((q: any) => q.title)).toEqual(['질문 15', '질문 12', '질문 9', '질문 6', '질문 3']);
  });

  it('the cart lists its lectures in the order they were added, from one statement', async () => {
    for (const id of [9002, 9005, 9003]) {
      await sql`delete from enrollments where useruid = ${ME} and contentsid = ${id}`.execute(s.db);
      expect((await call('GET', `/api/Cart/add/lecture/${ME}/${id}`)).status).toBe(200);
    }
    // Added within one second: the times say 9005, 9003, 9002 (the lecture id would say otherwise).
    await sql`update carts set created_at = '2025-01-0' || (case contentsid when 9005 then 1 when 9003 then 2 else 3 end) || ' 00:00:00'
      where useruid = ${ME}`.execute(s.db);
    const r = await call('GET', `/api/Cart/list/lecture/${ME}/0`);
    expect(r.json.datas.items.map((i: any) => [i.cartid, i.contentsid, i.lecture.title])).toEqual([
      [1, 9005, '확장 강의 9005'],
      [2, 9003, '확장 강의 9003'],
      [3, 9002, '확장 강의 9002'],
    ]);
    expect(r.json.datas.totalsaleprice).toBe(27000);
    expect((await call('GET', `/api/Cart/list/lecture/u-demo-1/0`)).status).toBe(403);
  });
});
