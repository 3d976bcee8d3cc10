import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { isEmpty, seed } from './seed';

/** The environment variable naming the dump that in-memory servers start from (server/db/database.ts). */
export const TEMPLATE_VARIABLE = 'STOREFRONT_PGLITE_TEMPLATE';
/** Under DATABASE_URL: the database that test servers' fresh databases are copies of (server/testing.ts). */
export const PG_TEMPLATE_VARIABLE = 'STOREFRONT_PG_TEMPLATE';

/**
 * A vitest global setup: migrates and seeds one in-memory PGlite, dumps its data directory, and names the dump in
 * the environment the test workers inherit, so every in-memory server of the run starts from it. Written fresh per
 * run from the code under test, so it is never older than the migrations and the seed; `npm test` writes it once
 * before its runs from the same checkout (scripts/write-test-template.ts), and a run given one reuses it.
 */
export default async function writeTemplate(): Promise<() => void> {
  // Each run wrote its own, 16-33 s apiece on the 2-core machine, five times in `npm test`. A given dump is the
  // caller's, so it is kept past this run.
  const given = process.env[TEMPLATE_VARIABLE];
  const reuse = given !== undefined && existsSync(given);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-template-'));
  // Side by side: PostgreSQL's work is its server's, PGlite's this process's.
  const [pglite, postgres] = await Promise.allSettled([
    reuse ? undefined : writePgliteTemplate(dir),
    process.env.DATABASE_URL ? writePgTemplate(process.env.DATABASE_URL) : undefined,
  ]);
  const pgTemplate = postgres.status === 'fulfilled' ? postgres.value : undefined;
  if (pglite.status === 'rejected' || postgres.status === 'rejected') {
    rmSync(dir, { recursive: true, force: true });
    await pgTemplate?.drop();
    throw pglite.status === 'rejected' ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await pgTemplate?.drop();
  };
}

/** Migrates and seeds an in-memory PGlite and dumps it into `dir`; names the dump in the environment. */
export async function writePgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({ memory: true });
  await migrate(database.db, async (db) => {
    if (await isEmpty(db)) await seed(db);
  });
  // A checkpoint first: a dump taken without one is replayed from the write-ahead log at every load (about 10 % of a
  // start: 1.3 s of CPU against 1.5, median of 6, 2026-11-28).
  await sql`checkpoint`.execute(database.db);
  const dump = await database.dumpDataDir!();
  const file = join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env[TEMPLATE_VARIABLE] = file;
  return file;
}

/**
 * The same demo as a PostgreSQL database, which each test server's fresh database copies (`create database … template`)
 * instead of migrating and seeding its own: 0.5-0.9 s a copy against 1.7-2.5 s (measured on the 2-core machine under
 * load, 2026-11-28), for every server of the PostgreSQL step.
 */
async function writePgTemplate(base: string): Promise<{ drop(): Promise<void> } | undefined> {
  const name = `sf_template_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    return await client.query(statement, values).finally(() => client.end());
  };
  // Each vitest project of a run calls its global setup in the same process (the unit step has two since session 43):
  // the first project's template, still in this cluster, serves the others too, and the first drops it.
  const earlier = process.env[PG_TEMPLATE_VARIABLE];
  if (earlier && (await admin('select 1 from pg_database where datname = $1', [earlier])).rowCount) return undefined;
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  // A copy is refused while anyone is connected to its template: this connection closes before any copy.
  const database = await openDatabase({ url: url.toString() });
  await migrate(database.db, async (db) => {
    if (await isEmpty(db)) await seed(db);
  });
  await database.close();
  process.env[PG_TEMPLATE_VARIABLE] = name;
  return { drop: async () => void (await admin(`drop database if exists ${name} with (force)`).catch(() => undefined)) };
}
