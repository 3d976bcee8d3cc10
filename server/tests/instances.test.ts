import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, testServer, type TestServer } from '../testing';

/**
 * Two instances on one PostgreSQL (issue 27): a write through A reaches B's catalogue cache through LISTEN/NOTIFY
 * (server/db/writeBus.ts), and B, whose listening connection is cut, forgets its cache and listens again.
 * PostgreSQL only: the embedded PGlite is one process by nature.
 */
describe.runIf(process.env.DATABASE_URL)('instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!);
    // Started together, as an orchestrator starts replicas: one migrates and seeds, the other waits and finds it done.
    [a, b] = await Promise.all([testServer({ databaseUrl }), testServer({ databaseUrl })]);
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
    for (const until = Date.now() + 2_000; Date.now() < until; await delay(20)) if ((await reviewsThrough(b)).includes(text)) return true;
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

  it('B cut off from its notices forgets its cache, listens again, and sees the next write', async () => {
    await reviewsThrough(b);
    expect(b.cache.size).toBeGreaterThan(0);
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity where query = 'listen storefront_writes' and datname = current_database()`.execute(b.db);
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
