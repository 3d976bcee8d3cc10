import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, freshDatabaseUrl, testServer, type TestServer } from '../testing';

/**
 * Two instances on one PostgreSQL (issue 27): a write through A reaches B's catalogue cache through LISTEN/NOTIFY
 * (server/db/writeBus.ts), and B, whose listening connection is cut, forgets its cache and listens again.
 * PostgreSQL only: the embedded PGlite is one process by nature.
 */
describe.runIf(process.env.DATABASE_URL)('instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!);
    // Started together, as an orchestrator starts replicas: one migrates and seeds, the other waits and finds it done.
    // Each on its own data directory, as on two machines: nothing they share may live on a local disk.
    const machine = () => testServer({ databaseUrl, dbDir: mkdtempSync(join(tmpdir(), 'sf-instance-')) });
    [a, b] = await Promise.all([machine(), machine()]);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const reviewsThrough = async (s: TestServer) =>
    JSON.stringify((await s.call('POST', '/api/Review/GetReviews/', { body: { page: 1, pageSize: 50 } })).json.datas);
  const rate = async (s: TestServer, contentsid: number, content: string) => {
    const r = await s.call('POST', '/api/Rating/Save/', { body: { contentsid, useruid: 'u-demo-1', ratescore: 5, content } });
    expect(r.status).toBe(200);
  };
  /** B's answers until they show `text`, for at most 2 s: a notice arrives within milliseconds of the write's answer. */
  const seenThroughB = async (text: string) => {
    for (const until = Date.now() + 2_000; Date.now() < until; await delay(20))
      if ((await reviewsThrough(b)).includes(text)) return true;
    return false;
  };

  it('started together, they seeded the demo once', async () => {
    const lectures = await sql<{ n: number }>`select count(*)::int as n from lectures where contentsid = 101`.execute(a.db);
    expect(lectures.rows[0]!.n).toBe(1);
  });

  it('a rating written through A is in the reviews B had cached', async () => {
    await reviewsThrough(b);
    const cached = b.cache.size;
    expect(cached).toBeGreaterThan(0);
    const text = `A에서 쓴 후기 ${Date.now()}`;
    await rate(a, 101, text);
    expect(await seenThroughB(text)).toBe(true);
  });

  /** `read` through `s` until it shows `text`, for at most 2 s. */
  const shows = async (s: TestServer, read: (s: TestServer) => Promise<string>, text: string) => {
    for (const until = Date.now() + 2_000; Date.now() < until; await delay(20)) if ((await read(s)).includes(text)) return true;
    return false;
  };
  const noticesThrough = async (s: TestServer) =>
    JSON.stringify(
      (
        await s.call('POST', '/api/Main/GetNotices?isnotice=1&istop3=false&isonlybranch=true', {
          body: { page: 1, pageSize: 10 },
        })
      ).json,
    );
  const lectureThrough = async (s: TestServer) =>
    JSON.stringify((await s.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [104] } })).json.datas);
  /** An operator's SQL, outside the app (a connection of its own): the database itself tells the instances. */
  const operator = async (statement: string, ...values: unknown[]) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(statement, values).finally(() => c.end());
  };

  it('a notice an operator posts shows through A and B, whose notice lists were cached', async () => {
    await Promise.all([noticesThrough(a), noticesThrough(b)]);
    expect(a.cache.size).toBeGreaterThan(0);
    const title = `운영자 공지 ${Date.now()}`;
    await operator(
      `insert into notices (isnotice, title, content, created_at) values (1, $1, '본문', '2099-01-01T00:00:00')`,
      title,
    );
    expect(await shows(a, noticesThrough, title)).toBe(true);
    expect(await shows(b, noticesThrough, title)).toBe(true);
  });

  it('a lecture price an operator changes shows through A and B, whose lecture records were cached', async () => {
    expect(await lectureThrough(a)).not.toContain('123457');
    await lectureThrough(b);
    await operator('update lectures set saleprice = 123457 where contentsid = 104');
    expect(await shows(a, lectureThrough, '123457')).toBe(true);
    expect(await shows(b, lectureThrough, '123457')).toBe(true);
  });

  it('a cart filled through A is the cart B lists, and emptied through B is empty through A', async () => {
    const cart = (s: TestServer, type: string, contentsid: number) =>
      s.call('GET', `/api/Cart/${type}/lecture/u-demo-1/${contentsid}`);
    const listed = async (s: TestServer) =>
      ((await cart(s, 'list', 0)).json.datas.items as { contentsid: number }[]).map((i) => i.contentsid);
    const free = await sql<{ contentsid: number }>`select contentsid from lectures where contentsid not in
      (select contentsid from carts where useruid = 'u-demo-1' union select contentsid from enrollments where useruid = 'u-demo-1')
      order by contentsid limit 1`.execute(a.db);
    const id = free.rows[0]!.contentsid;
    const before = await listed(b);
    const added = await cart(a, 'add', id);
    expect(added.status).toBe(200);
    expect(await listed(b)).toEqual([...before, id]);
    // Added twice across instances: the second is refused, as on one.
    expect((await cart(b, 'add', id)).status).toBe(409);
    expect((await cart(b, 'remove', id)).status).toBe(200);
    expect(await listed(a)).toEqual(before);
    // Another member's cart is not reachable through either.
    expect((await b.call('GET', '/api/Cart/list/lecture/u-demo-2/0')).status).toBe(403);
  });

  it('share the lookup allowance: 10 certificate checks through A, the 11th through B is a 429', async () => {
    const check = (s: TestServer, i: number) =>
      s.call('GET', `/api/Certificate/Verify/KPRA-${String(i).padStart(10, '0')}`, { auth: false });
    const through = await Promise.all(Array.from({ length: 10 }, (_, i) => check(a, i + 1)));
    expect(through.map((r) => r.status)).toEqual(Array(10).fill(404));
    const refused = await check(b, 11);
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.respMessage).toMatch(/^수료증 확인 요청이 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/);
    expect((await check(a, 12)).status).toBe(429);
  });

  it('a file a member uploads through A downloads through B, and only by its link', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 64 * 1024 }, (_, i) => i % 251)]);
    const form = new FormData();
    form.append('files', new Blob([bytes], { type: 'image/png' }), '자세 사진.png');
    const up = await fetch(`${a.url}/api/UploadFiles/`, {
      method: 'POST',
      headers: { ...CLIENT, Authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const [record] = (await up.json()).datas;
    const got = await fetch(b.url + record.path, { headers: CLIENT });
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    // The link is signed for its uploader: without the signature B refuses a stranger.
    const bare = new URL(b.url + record.path);
    bare.searchParams.delete('signature');
    expect((await fetch(bare, { headers: CLIENT })).status).toBe(401);
  });

  it('B cut off from its notices forgets its cache, listens again, and sees the next write', async () => {
    await reviewsThrough(b);
    expect(b.cache.size).toBeGreaterThan(0);
    const listeners = () =>
      sql<{
        pid: number;
      }>`select pid from pg_stat_activity where query = 'listen storefront_writes' and datname = current_database()`.execute(
        b.db,
      );
    const before = (await listeners()).rows.map((r) => r.pid);
    expect(before).toHaveLength(2);
    // Both instances lose their listening connection (as when PostgreSQL restarts or a proxy drops idle sockets).
    for (const pid of before) await sql`select pg_terminate_backend(${pid})`.execute(b.db);
    for (const until = Date.now() + 10_000; Date.now() < until; await delay(50)) {
      const now = (await listeners()).rows.map((r) => r.pid);
      if (now.length === 2 && !now.some((pid) => before.includes(pid))) break;
    }
    const after = (await listeners()).rows.map((r) => r.pid);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    // What B had cached may have missed a write while no one listened: it is gone.
    expect(b.cache.size).toBe(0);
    await reviewsThrough(b);
    const text = `다시 연결된 뒤의 후기 ${Date.now()}`;
    await rate(a, 102, text);
    expect(await seenThroughB(text)).toBe(true);
  });
});
