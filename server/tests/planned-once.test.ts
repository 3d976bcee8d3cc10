import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

/**
 * Issue 43: GetMyLectures is a named prepared statement on PostgreSQL (PLANNED_ONCE, server/db/database.ts), planned
 * once per connection. A column added under its `l.*` by another instance's migration must not break the member's
 * list on the connections that prepared it before.
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(() => s?.close());

const myLectures = () => s.call('POST', '/api/Contents/GetMyLectures/', { body: { page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'ing' } });

describe('a member read planned once per connection', () => {
  it('answers the same before and after a column is added to the tables it reads', async () => {
    // Enough calls to use every pooled connection and reach PostgreSQL's generic plan on each.
    const before = await Promise.all(Array.from({ length: 24 }, myLectures));
    for (const r of before) expect(r.json.success).toBe(true);
    await sql`alter table lectures add column planned_once_probe int`.execute(s.db);
    await sql`alter table enrollments add column planned_once_probe int`.execute(s.db);
    const after = await Promise.all(Array.from({ length: 24 }, myLectures));
    for (const r of after) {
      expect(r.status).toBe(200);
      expect(r.json.datas.list.map((l: { contentsid: number }) => l.contentsid)).toEqual(
        before[0]!.json.datas.list.map((l: { contentsid: number }) => l.contentsid),
      );
    }
  });
});
