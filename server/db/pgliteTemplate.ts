import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite, started from a copy of an empty cluster instead of running initdb again.
 *
 * Every test file, browser-test file and pact verification opens its own in-memory database, and PGlite spends
 * most of its start in initdb (about 3 s of 4 on an idle 2-core machine, 10 s of 13 under load). An empty cluster is
 * the same bytes every time for one PGlite version and one set of extensions, so it is made once, kept under
 * node_modules/.cache, and loaded from there: the database a caller gets is exactly the one initdb would have
 * made. Migrations and the seed still run on it as before.
 */
const CACHE_DIR = resolve(import.meta.dirname, '../../node_modules/.cache/storefront-pglite');

function templateName(extensions: Extensions): string {
  const pglite = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256').update(`${pglite.version} ${Object.keys(extensions).sort().join(',')}`).digest('hex').slice(0, 16);
  return join(CACHE_DIR, `empty-cluster-${key}.tar`);
}

export async function freshMemoryPglite(extensions: Extensions): Promise<PGlite> {
  const file = templateName(extensions);
  let template: Buffer | undefined;
  try {
    template = readFileSync(file);
  } catch {
    // First start on this machine: made below.
  }
  if (template) return PGlite.create({ extensions, loadDataDir: new Blob([new Uint8Array(template)]) });
  const client = await PGlite.create({ extensions });
  const dump = await client.dumpDataDir('none');
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed, so a concurrent start never reads half a file.
  const partial = `${file}.${randomUUID()}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return client;
}
