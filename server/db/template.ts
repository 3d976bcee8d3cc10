import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { isEmpty, seed } from './seed';

/** The environment variable naming the dump that in-memory servers start from (server/db/database.ts). */
export const TEMPLATE_VARIABLE = 'STOREFRONT_PGLITE_TEMPLATE';

/**
 * A vitest global setup: migrates and seeds one in-memory PGlite, dumps its data directory, and names the dump in
 * the environment the test workers inherit, so every in-memory server of the run starts from it. Written fresh per
 * run from the code under test, so it is never older than the migrations and the seed.
 */
export default async function writeTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-template-'));
  const database = await openDatabase({ memory: true });
  await migrate(database.db, async (db) => {
    if (await isEmpty(db)) await seed(db);
  });
  const dump = await database.dumpDataDir!();
  const file = join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env[TEMPLATE_VARIABLE] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
