/**
 * `npm test` (scripts/test-all.sh) writes the migrated and seeded PGlite demo once, into the folder given, and prints
 * the dump's path; each vitest run of the script then starts its in-memory servers from it (server/db/template.ts)
 * instead of writing its own.
 *   npx tsx scripts/write-test-template.ts <folder>
 */
import { mkdirSync } from 'node:fs';
import { writePgliteTemplate } from '../server/db/template';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx scripts/write-test-template.ts <folder>');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
console.log(await writePgliteTemplate(dir));
