import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { dropAll, migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { ROOT } from '../server/start';

/** npm run db:reset: drop everything, migrate, reseed (PGlite in ./.data, or DATABASE_URL). Stop the server first. */
export async function resetDatabase(options: { url?: string | undefined; dir?: string | undefined }): Promise<void> {
  const database = await openDatabase(options);
  try {
    await dropAll(database.db);
    await migrate(database.db);
    await seed(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL || undefined;
  await resetDatabase({ url, dir: url ? undefined : join(ROOT, '.data', 'pgdata') });
  console.log(`[db:reset] demo data restored (${url ? 'PostgreSQL' : 'PGlite ./.data'})`);
}
