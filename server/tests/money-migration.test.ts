import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';
import { freshDatabaseUrl } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): a migration's rewrite of existing rows.

// A database written by the old Payment/Save and Point/Save (duplicate open orders, one coupon on two
// orders, a negative balance) must still migrate to the money rules of issue 11.
let database: Database | undefined;
afterAll(() => database?.close());

it('migrates a database holding what the old money code let through', async () => {
  // On PostgreSQL when the run has one (scripts/with-postgres.sh), else PGlite.
  const url = process.env.DATABASE_URL ? await freshDatabaseUrl(process.env.DATABASE_URL) : undefined;
  database = await openDatabase(url ? { url } : { memory: true });
  const db = database.db;
  const before = migrations.findIndex((m) => m.id === '007_money_ledgers');
  await sql`create table schema_migrations (id text primary key, applied_at text not null)`.execute(db);
  for (const m of migrations.slice(0, before)) {
    for (const statement of m.statements) await sql.raw(statement).execute(db);
    await sql`insert into schema_migrations (id, applied_at) values (${m.id}, 'then')`.execute(db);
  }
  const order = (id: number, ids: string, coupon: string | null) =>
    sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, couponnumber, status, created_at)
      values (${id}, 'u-1', 't', ${ids}, 1000, 1000, ${coupon}, 'ready', '2024-05-01 10:00:00')`.execute(db);
  await order(1, '101', null);
  await order(2, '101', null);
  await order(3, '102', 'C1');
  await order(4, '103', 'C1');
  await sql`insert into points (useruid, amount, reason, created_at) values ('u-1', 5000, 'a', '2024-01-01 00:00:00'), ('u-1', -5630, 'b', '2024-01-02 00:00:00')`.execute(
    db,
  );

  expect(await migrate(db)).toEqual(migrations.slice(before).map((m) => m.id));
  const open = await sql<any>`select paymentid from payments where status = 'ready' order by paymentid`.execute(db);
  expect(open.rows.map((r) => r.paymentid)).toEqual([1, 3]);
  const balance = await sql<any>`select balance from point_balances where useruid = 'u-1'`.execute(db);
  expect(balance.rows[0].balance).toBe(0);
  // From now on a spend the balance cannot cover is refused by the database.
  await expect(
    sql`insert into points (useruid, amount, reason, created_at) values ('u-1', -1, 'c', '2024-01-03 00:00:00')`.execute(db),
  ).rejects.toThrow(/check constraint/);
  await sql`insert into points (useruid, amount, reason, created_at) values ('u-1', 700, 'd', '2024-01-03 00:00:00')`.execute(db);
  expect((await sql<any>`select balance from point_balances where useruid = 'u-1'`.execute(db)).rows[0].balance).toBe(700);
});
