import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { handlers } from '../handlers/index';
import { CLIENT, freshDatabaseUrl, testServer, type TestServer } from '../testing';

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
    const stopped = s.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    await stopped;
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
    const inFlight = fetch(`${s.url}/api/Stats/GetInfo/1`, { headers: CLIENT });
    await delay(200);
    await s.close();
    await expect(inFlight).rejects.toThrow();
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
