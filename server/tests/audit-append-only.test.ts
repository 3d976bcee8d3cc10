import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): the audit trail's append-only triggers.

/**
 * The audit trail is append-only on the database itself (migration 029's trigger), for the role the application
 * connects as: PGlite here, PostgreSQL under scripts/with-postgres.sh.
 */
let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 30_000);
afterAll(() => server?.close());

const rows = async () =>
  (await sql<Record<string, unknown>>`select * from audit_log order by auditid`.execute(server.db)).rows.map((r) => JSON.stringify(r));

async function refused(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await statement.execute(server.db);
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

describe('audit_log', () => {
  it('takes an insert', async () => {
    await sql`insert into audit_log (at, actor, actor_role, operation, object_type, object_id, summary, request_id)
      values ('2026-11-27 10:00:00', 'u-demo-5', 'operator', 'createAdminNotice', 'notice', '1', '{}', 'append-1'),
             ('2026-11-27 10:00:01', 'u-demo-4', 'owner', 'grantAdminStaff', 'staff', 'u-demo-2', '{}', 'append-2')`.execute(server.db);
    const kept = await rows();
    expect(kept.filter((r) => r.includes('"append-'))).toHaveLength(2);
  });

  it.each([
    ['update', sql`update audit_log set actor = 'someone-else', summary = '{}'`],
    ['update of one row', sql`update audit_log set request_id = 'forged' where request_id = 'append-1'`],
    ['delete', sql`delete from audit_log`],
    ['delete of one row', sql`delete from audit_log where request_id = 'append-2'`],
    ['truncate', sql`truncate audit_log`],
  ])('refuses %s and keeps every row as it was', async (_what, statement) => {
    const before = await rows();
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(await refused(statement)).toMatch(/audit_log is append-only/);
    expect(await rows()).toEqual(before);
  });

  it('still takes an insert after the refusals', async () => {
    const n = (await rows()).length;
    await sql`insert into audit_log (at, actor, actor_role, operation, object_type, object_id) values ('2026-11-27 10:00:02', 'u-demo-5', 'operator', 'deleteAdminFaq', 'faq', '2')`.execute(server.db);
    expect(await rows()).toHaveLength(n + 1);
  });
});
