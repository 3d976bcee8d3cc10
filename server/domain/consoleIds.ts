import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';

/** Advisory lock key of the console's category and banner ids (any constant the instances share). */
const ID_LOCK = 2_026_113_803;

const COLUMNS = { categories: 'categoryid', banners: 'bannerid' } as const;

/**
 * A new id for a category or a banner from its sequence (migration 033). The seed writes its rows after an empty
 * database's migrations, above the sequence: under a transaction lock the sequence is moved past them first, so ids
 * stay unique when two operators add at once, on PostgreSQL and PGlite alike.
 */
export async function nextConsoleId(tx: Db, table: keyof typeof COLUMNS): Promise<number> {
  const column = COLUMNS[table];
  const seq = `${table}_${column}_seq`;
  await sql`select pg_advisory_xact_lock(${ID_LOCK})`.execute(tx);
  const row = await one(
    tx,
    sql<{ id: number }>`select greatest(nextval(${seq}::regclass), (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)}))::int as id`,
  );
  await sql`select setval(${seq}::regclass, ${row!.id})`.execute(tx);
  return row!.id;
}
