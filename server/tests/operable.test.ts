import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { handlers } from '../handlers/index';
import { CLIENT, freshDatabaseUrl, testServer, type TestServer } from '../testing';
import type { RequestLogLine } from '../http/requestLog';
import { missingSecrets } from '../lib/secrets';

/** What an operator's orchestrator sees: liveness, readiness, a drain on stop, migrations safe to start together. */
describe('probes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer();
  }, 60_000);
  afterAll(() => s?.close());

  it('/healthz answers while the process runs, outside the API envelope and never cached', async () => {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready with every migration applied, and 503 while one is missing', async () => {
    expect(await (await fetch(`${s.url}/readyz`)).json()).toEqual({ status: 'ready' });
    const last = migrations.at(-1)!.id;
    await sql`delete from schema_migrations where id = ${last}`.execute(s.db);
    const res = await fetch(`${s.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'migrating' });
  });
});

describe('the request log', () => {
  const lines: RequestLogLine[] = [];
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer({ requestLog: (line) => lines.push(line) });
  }, 60_000);
  afterAll(() => s?.close());

  it('writes one line per request with the caller’s request id, the operation and its template, never an id, a query or a token', async () => {
    const res = await fetch(`${s.url}/api/Contents/GetOnlineDetail/101/u-demo-1?signature=secret-value`, {
      headers: { ...CLIENT, Authorization: `Bearer ${s.token}`, 'x-request-id': 'lb-1234' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lb-1234');
    await delay(50); // the line is written when the answer is finished
    const line = lines.find((l) => l.requestId === 'lb-1234');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/Contents/GetOnlineDetail/{contentsid}/{useruid}',
      operation: 'getOnlineDetail',
      status: 200,
    });
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    const written = JSON.stringify(lines);
    for (const secret of ['u-demo-1', 'secret-value', s.token]) expect(written).not.toContain(secret);
  });

  it('replaces a request id that is not one, and logs the fast path’s cached answers and refusals too', async () => {
    const categories = `${s.url}/api/Category/GetList/category?isactive=1&pcategoryid=0`;
    const app = { ...CLIENT, 'X-Application-Id': 'storefront-local', 'X-Application-Key': 'local-public-key' };
    await fetch(categories, { headers: app });
    const hits = s.fastPath!.hits;
    const cached = await fetch(categories, { headers: { ...app, 'x-request-id': 'has space' } });
    expect(s.fastPath!.hits).toBe(hits + 1);
    const id = cached.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await fetch(`${s.url}/api/Contents/GetOnlineDetail/101/u-demo-2`, { headers: { ...CLIENT, Authorization: `Bearer ${s.token}` } });
    await delay(50);
    expect(lines.find((l) => l.requestId === id)).toMatchObject({ operation: 'getCategories', status: 200 });
    expect(lines.find((l) => l.requestId === refused.headers.get('x-request-id'))).toMatchObject({ status: refused.status, level: 'warn' });
  });
});

describe('stopping', () => {
  it('finishes a request in flight, refuses new connections, then closes', { timeout: 60_000 }, async () => {
    const s = await testServer({
      overrides: {
        getStats: async (ctx) => {
          await delay(800);
          return handlers.getStats!(ctx);
        },
      },
    });
    const inFlight = fetch(`${s.url}/api/Stats/GetInfo/1`, { headers: CLIENT });
    await delay(200); // the request has reached the handler
    const stopping = Date.now();
    const stopped = s.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    await stopped;
    // Done when its last answer is: the keep-alive socket of the client did not hold it to the 10 s bound.
    expect(Date.now() - stopping).toBeLessThan(5_000);
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  });

  it('cuts a request that outlasts the drain bound, so a stop never hangs on one slow call', { timeout: 60_000 }, async () => {
    const s = await testServer({
      drainMs: 300,
      overrides: {
        getStats: async (ctx) => {
          await delay(5_000);
          return handlers.getStats!(ctx);
        },
      },
    });
    // Settled at once into what the caller saw, so the cut is never an unhandled rejection while close() runs.
    const inFlight = fetch(`${s.url}/api/Stats/GetInfo/1`, { headers: CLIENT }).then(
      (res) => `answered ${res.status}`,
      () => 'connection cut',
    );
    await delay(200);
    await s.close();
    expect(await inFlight).toBe('connection cut');
  });
});

describe.runIf(process.env.DATABASE_URL)('instances starting together on one PostgreSQL', () => {
  it('apply each migration once, whichever of them comes first', { timeout: 60_000 }, async () => {
    const url = await freshDatabaseUrl(process.env.DATABASE_URL!);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
    try {
      const applied = await Promise.all([a!, b!, c!].map((d) => migrate(d.db)));
      expect(applied.flat().sort()).toEqual(migrations.map((m) => m.id).sort());
      const rows = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(a!.db);
      expect(rows.rows[0]!.n).toBe(migrations.length);
    } finally {
      await Promise.all([a, b, c].map((d) => d?.close()));
    }
  });
});

describe('starting on a shared database', () => {
  const main = join(import.meta.dirname, '..', 'main.ts');
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('refuses without its signing secrets, naming each missing variable', { timeout: 60_000 }, () => {
    const r = start({ SIGNED_URL_SECRET: 'short' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not starting: SIGNED_URL_SECRET must be set to at least 32 characters when DATABASE_URL is set/);
    expect(r.stderr).toMatch(/not starting: LOCAL_JWT_SECRET must be set/);
  });

  it('asks nothing of the embedded default, and only the link secret and the Supabase project outside local mode', () => {
    expect(missingSecrets({}, true)).toEqual([]);
    const shared = { DATABASE_URL: 'postgres://db/store', SIGNED_URL_SECRET: 'x'.repeat(40) };
    // Supabase mode verifies the project's tokens: without its URL every member would be refused (issue 24).
    expect(missingSecrets(shared, false)).toEqual([expect.stringMatching(/^SUPABASE_URL \(or VITE_SUPABASE_URL\) must be/)]);
    expect(missingSecrets({}, false)).toEqual([expect.stringMatching(/^SUPABASE_URL/)]);
    expect(missingSecrets({ ...shared, VITE_SUPABASE_URL: 'https://abc.supabase.co' }, false)).toEqual([]);
    expect(missingSecrets({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_JWT_SECRET: 'guessable' }, false)).toEqual([
      expect.stringMatching(/^SUPABASE_JWT_SECRET, when set/),
    ]);
    expect(missingSecrets({ ...shared, LOCAL_JWT_SECRET: 'y'.repeat(40) }, true)).toEqual([]);
    expect(missingSecrets(shared, true)).toEqual([expect.stringMatching(/^LOCAL_JWT_SECRET must be set/)]);
  });
});
