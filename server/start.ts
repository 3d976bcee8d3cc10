import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { isEmpty, seed } from './db/seed';
import { createApp } from './app';
import { createLocalAuth } from './local/auth';
import type { Handler } from './handlers/context';

export interface StartOptions {
  port?: number;
  host?: string;
  /** PGlite data dir (default ./.data); ignored when DATABASE_URL / databaseUrl is set. */
  dbDir?: string;
  memory?: boolean;
  databaseUrl?: string | undefined;
  serveApp?: boolean;
  validateResponses?: boolean;
  overrides?: Record<string, Handler>;
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  /** The Kysely handle, for provider states and tests. */
  db: import('./db/database').Db;
  port: number;
  close(): Promise<void>;
}

export const ROOT = resolve(import.meta.dirname, '..');

/** Opens the database, migrates, seeds when empty, and listens. Used by main.ts, dev, tests and e2e. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const databaseUrl = options.databaseUrl ?? (options.memory || options.dbDir ? undefined : process.env.DATABASE_URL || undefined);
  const dataDir = options.dbDir ?? (options.memory ? mkdtempSync(join(tmpdir(), 'storefront-mem-')) : join(ROOT, '.data'));
  const database = await openDatabase({ url: databaseUrl, dir: join(dataDir, 'pgdata'), memory: options.memory });
  const applied = await migrate(database.db);
  if (await isEmpty(database.db)) {
    await seed(database.db);
    if (!options.quiet) console.log('[server] seeded demo data');
  }
  if (applied.length && !options.quiet) console.log(`[server] migrations applied: ${applied.join(', ')}`);
  const app = createApp({
    db: database.db,
    auth: createLocalAuth(dataDir),
    dataDir,
    distDir: options.serveApp ? join(ROOT, 'dist') : undefined,
    validateResponses: options.validateResponses,
    overrides: options.overrides,
  });
  const host = options.host ?? '127.0.0.1';
  // host '::' (npm start) listens on every interface, so both localhost spellings reach it.
  const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host });
  await new Promise<void>((ok) => server.once('listening', () => ok()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: host === '127.0.0.1' ? `http://127.0.0.1:${port}` : `http://localhost:${port}`,
    port,
    db: database.db,
    async close() {
      await new Promise<void>((ok) => server.close(() => ok()));
      await database.close();
    },
  };
}
