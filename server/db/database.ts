import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';

/**
 * Untyped tables: handlers read through typed raw SQL (`sql<Row>`, rows in `rows.ts`); only the seed and
 * tests use the query builder, on tables whose defaulted columns a typed schema would have to model.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Tables = any;
export type Db = Kysely<Tables>;

export interface DatabaseOptions {
  /** Real PostgreSQL; wins over everything else when set. */
  url?: string | undefined;
  /** PGlite data directory kept across restarts. */
  dir?: string | undefined;
  /** PGlite in memory (tests, pact verification). */
  memory?: boolean | undefined;
  /**
   * An in-memory PGlite (or a data directory not yet created) starts from this data-directory dump (tar,
   * `dumpDataDir`) instead of an empty cluster. The test runners write one migrated and seeded demo per run
   * (server/db/template.ts): PGlite's own initdb took 1.8-3 s a start and migrating and seeding 0.8 s, against
   * 0.5-0.6 s to load the dump (measured 2026-11-25).
   */
  template?: string | undefined;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its data directory as a tar (server/db/template.ts). */
  dumpDataDir?: () => Promise<Blob | File>;
}

/**
 * A statement whose text starts with this is planned once per connection on PostgreSQL (a named prepared statement,
 * whose plan PostgreSQL keeps once a generic one costs no more): for hot member reads whose plan does not depend on
 * the member, where planning a many-joined statement cost more than running it (GetMyLectures: 1.3 ms of planning for
 * 0.5 ms of execution, issue 43). PGlite, in process, prepares nothing.
 */
export const PLANNED_ONCE = '/* planned once */ ';

/**
 * Sends a statement marked PLANNED_ONCE as a named statement (one name per text), any other as it was. A migration of
 * another instance that adds a column under a prepared `l.*` makes PostgreSQL refuse the old plan ("cached plan must
 * not change result type"): the statement is then prepared again under a new name.
 */
function preparingMarked(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let generation = 0;
  const named = (text: string, values: unknown) =>
    query({ name: `sf_${createHash('sha1').update(text).digest('hex').slice(0, 16)}_${generation}`, text, values });
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !text.startsWith(PLANNED_ONCE) || rest.length) return query(text, values, ...rest);
    return named(text, values).catch((err: { code?: string }) => {
      if (err.code !== '0A000') throw err;
      generation++;
      return named(text, values);
    });
  };
}

/** Marks a session as the app's: writes outside the app (no mark) notify every instance (migration 021). */
const APP_CONNECTION = `set storefront.app = 'on'`;

/** One SQL dialect for both back ends: PGlite by default, PostgreSQL through `pg` when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // int8 counts come back as strings from pg; the schema uses int4 so both drivers return numbers.
    const pool = new pg.Pool({ connectionString: options.url, max: 8 });
    // The app's own connections, whose writes name their cache tags themselves (migration 021). Queued before any query.
    pool.on('connect', (client) => {
      preparingMarked(client);
      void client.query(APP_CONNECTION).catch(() => undefined);
    });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  // pg_trgm backs catalogue search (migration 012).
  const extensions = { pg_trgm };
  let client: PGlite;
  if (options.memory && options.template) {
    client = await PGlite.create({ extensions, loadDataDir: new Blob([readFileSync(options.template)]) });
  } else if (options.memory || !options.dir) {
    client = await PGlite.create({ extensions });
  } else {
    mkdirSync(options.dir, { recursive: true });
    // A data directory not yet created starts from the template too (tests of tools that open a folder).
    const fresh = options.template && !existsSync(join(options.dir, 'PG_VERSION'));
    client = await PGlite.create(options.dir, { extensions, ...(fresh ? { loadDataDir: new Blob([readFileSync(options.template!)]) } : {}) });
  }
  await client.exec(APP_CONNECTION);
  const db = new Kysely<Tables>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy(), dumpDataDir: () => client.dumpDataDir('none') };
}
