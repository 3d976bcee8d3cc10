import { sql } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/** Any constant every instance shares: the advisory lock that lets one of them migrate at a time. */
const MIGRATION_LOCK = 2_026_112_501;

/**
 * Applies the migrations not yet recorded, each in its own transaction. Returns the ids applied. Instances that
 * start together against one PostgreSQL queue on a session advisory lock, and each reads what is recorded only once
 * it holds the lock, so a migration runs once, by whichever instance came first.
 */
export async function migrate(db: Db, thenUnderLock?: (db: Db) => Promise<void>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at text not null)`.execute(conn);
      const done = new Set((await sql<{ id: string }>`select id from schema_migrations`.execute(conn)).rows.map((r) => r.id));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        await conn.transaction().execute(async (tx) => {
          for (const statement of m.statements) await sql.raw(statement).execute(tx);
          await sql`insert into schema_migrations (id, applied_at) values (${m.id}, ${new Date().toISOString()})`.execute(tx);
        });
        applied.push(m.id);
      }
      // The first instance on an empty database seeds it; the others, queued on the lock, then find it seeded.
      await thenUnderLock?.(conn);
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/** The migrations this code knows that the database has not recorded (`/readyz` answers 503 while any is missing). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const recorded = await sql<{ id: string }>`select id from schema_migrations`.execute(db).catch(() => ({ rows: [] }));
  const done = new Set(recorded.rows.map((r) => r.id));
  return migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
}

/** Drops every table of the public schema (db:reset), then the caller migrates and seeds again. */
export async function dropAll(db: Db): Promise<void> {
  const tables = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public'`.execute(db);
  for (const { tablename } of tables.rows) await sql.raw(`drop table if exists "${tablename}" cascade`).execute(db);
  // A sequence no column owns outlives its tables, and the next migration run would meet it.
  const sequences = await sql<{ sequencename: string }>`select sequencename from pg_sequences where schemaname = 'public'`.execute(db);
  for (const { sequencename } of sequences.rows) await sql.raw(`drop sequence if exists "${sequencename}" cascade`).execute(db);
  // The job queue's own schema (pg-boss, server/jobs/queue.ts): its jobs name rows that are gone.
  await sql`drop schema if exists pgboss cascade`.execute(db);
}
