import { sql } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/** Applies the migrations not yet recorded, each in its own transaction. Returns the ids applied. */
export async function migrate(db: Db): Promise<string[]> {
  await sql`create table if not exists schema_migrations (id text primary key, applied_at text not null)`.execute(db);
  const done = new Set((await sql<{ id: string }>`select id from schema_migrations`.execute(db)).rows.map((r) => r.id));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await db.transaction().execute(async (tx) => {
      for (const statement of m.statements) await sql.raw(statement).execute(tx);
      await sql`insert into schema_migrations (id, applied_at) values (${m.id}, ${new Date().toISOString()})`.execute(tx);
    });
    applied.push(m.id);
  }
  return applied;
}

/** Drops every table of the public schema (db:reset), then the caller migrates and seeds again. */
export async function dropAll(db: Db): Promise<void> {
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(db);
  for (const { tablename } of tables.rows) await sql.raw(`drop table if exists "${tablename}" cascade`).execute(db);
}
