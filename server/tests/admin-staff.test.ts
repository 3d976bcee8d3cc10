import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../scripts/staff';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { isEmpty, seed } from '../db/seed';
import { PG_TEMPLATE_VARIABLE, TEMPLATE_VARIABLE } from '../db/template';
import { freshDatabaseUrl, signInAs, testServer, type TestServer } from '../testing';

let server: TestServer;
const as: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [['owner', 'owner@demo.kr'], ['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr']] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
}, 30_000);
afterAll(() => server?.close());

const auditOf = async (operation: string) =>
  (await sql<{ actor: string; actor_role: string; object_id: string; summary: string; request_id: string }>`
    select actor, actor_role, object_id, summary, request_id from audit_log where operation = ${operation} order by auditid`.execute(server.db)).rows;

describe('staff: who may use the console', () => {
  it('GetAdminMe names each demo role; the instructor with the classes it teaches', async () => {
    const roles = await Promise.all(
      Object.values(as).map(async (headers) => (await server.call('GET', '/api/Admin/Me', { headers, auth: false })).json.datas),
    );
    expect(roles.map((r) => [r.email, r.role, r.teachername])).toEqual([
      ['owner@demo.kr', 'owner', null],
      ['staff@demo.kr', 'operator', null],
      ['teacher@demo.kr', 'instructor', '한리포머 강사'],
    ]);
  });

  it('only an owner changes roles: an operator granting itself owner is refused and nothing changes', async () => {
    const r = await server.call('POST', '/api/Admin/Staff', { body: { email: 'staff@demo.kr', role: 'owner' }, headers: as.operator, auth: false });
    expect([r.status, r.json.respMessage]).toEqual([403, '이 작업을 할 권한이 없습니다.']);
    expect((await server.call('GET', '/api/Admin/Me', { headers: as.operator, auth: false })).json.datas.role).toBe('operator');
    expect(await auditOf('grantAdminStaff')).toEqual([]);
  });

  it('the owner grants and revokes, each audited with who, before and after and the request id', async () => {
    const headers = { ...as.owner!, 'x-request-id': 'grant-test-1' };
    const granted = await server.call('POST', '/api/Admin/Staff', {
      body: { email: 'nophone@demo.kr', role: 'instructor', teachername: '박코어 강사' },
      headers,
      auth: false,
    });
    expect(granted.json.datas).toMatchObject({ useruid: 'u-demo-3', role: 'instructor', teachername: '박코어 강사' });
    const list = (await server.call('GET', '/api/Admin/Staff', { headers: as.owner, auth: false })).json.datas;
    expect(list.map((s: { email: string }) => s.email)).toContain('nophone@demo.kr');
    const [entry] = await auditOf('grantAdminStaff');
    expect(entry).toMatchObject({ actor: 'u-demo-4', actor_role: 'owner', object_id: 'u-demo-3', request_id: 'grant-test-1' });
    expect(JSON.parse(entry!.summary)).toMatchObject({ after: { role: 'instructor' } });
    const revoked = await server.call('DELETE', '/api/Admin/Staff/u-demo-3', { headers: as.owner, auth: false });
    expect(revoked.status).toBe(200);
    expect((await auditOf('revokeAdminStaff')).map((e) => e.object_id)).toEqual(['u-demo-3']);
  });

  it('refusals in Korean: an unknown email 404, an instructor without a teacher name 400, the last owner 409', async () => {
    const post = (body: unknown) => server.call('POST', '/api/Admin/Staff', { body, headers: as.owner, auth: false });
    expect((await post({ email: 'nobody@demo.kr', role: 'operator' })).status).toBe(404);
    expect((await post({ email: 'new@demo.kr', role: 'instructor' })).json.respMessage).toBe('강사 역할에는 담당 강사명이 필요합니다.');
    const demote = await post({ email: 'owner@demo.kr', role: 'operator' });
    expect([demote.status, demote.json.respMessage]).toEqual([409, '마지막 대표 운영자는 해제하거나 다른 역할로 바꿀 수 없습니다.']);
    const revoke = await server.call('DELETE', '/api/Admin/Staff/u-demo-4', { headers: as.owner, auth: false });
    expect(revoke.status).toBe(409);
    expect((await server.call('GET', '/api/Admin/Me', { headers: as.owner, auth: false })).json.datas.role).toBe('owner');
  });

  it('two owners demoting each other at once: one stays owner', async () => {
    expect((await server.call('POST', '/api/Admin/Staff', { body: { email: 'new@demo.kr', role: 'owner' }, headers: as.owner, auth: false })).status).toBe(200);
    const second = { Authorization: `Bearer ${await signInAs(server, 'new@demo.kr')}` };
    const [a, b] = await Promise.all([
      server.call('POST', '/api/Admin/Staff', { body: { email: 'new@demo.kr', role: 'operator' }, headers: as.owner, auth: false }),
      server.call('POST', '/api/Admin/Staff', { body: { email: 'owner@demo.kr', role: 'operator' }, headers: second, auth: false }),
    ]);
    // Whichever lands first wins; the other is refused: 409 (the last owner) or, when its sender was demoted first, 403.
    const [won, lost] = [a.status, b.status].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const owners = await sql<{ n: number }>`select count(*)::int as n from staff where role = 'owner'`.execute(server.db);
    expect(owners.rows[0]!.n).toBe(1);
  });

  it('the audit trail pages newest first by its id, filtered by operation', async () => {
    const page = async (before: number | null) =>
      (await server.call('POST', '/api/Admin/Audit/List', { body: { limit: 1, before, operation: 'grantAdminStaff' }, headers: as.operator, auth: false })).json.datas;
    const first = await page(null);
    expect(first.list).toHaveLength(1);
    const second = await page(first.nextBefore);
    expect(second.list[0].auditid).toBeLessThan(first.list[0].auditid);
    expect([first, second].flatMap((p) => p.list).every((e: { operation: string }) => e.operation === 'grantAdminStaff')).toBe(true);
    const instructor = await server.call('POST', '/api/Admin/Audit/List', { body: { limit: 10 }, headers: as.instructor, auth: false });
    expect(instructor.status).toBe(403);
  });
});

describe('npm run staff', () => {
  let dir: string;
  let options: { url?: string; dir?: string };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    options = process.env.DATABASE_URL ? { url: await freshDatabaseUrl(process.env.DATABASE_URL, process.env[PG_TEMPLATE_VARIABLE]) } : { dir };
    // The run's migrated and seeded demo (server/db/template.ts), copied: a PGlite folder of its own took 3-9 s to create.
    const database = await openDatabase({ ...options, template: process.env[TEMPLATE_VARIABLE] });
    await migrate(database.db, async (db) => {
      if (await isEmpty(db)) await seed(db);
    });
    await database.close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runStaffCommand(args, options, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('grants, lists and revokes by email; an unknown email and the last owner are refused', async () => {
    expect(await run('grant', 'operator', 'new@demo.kr')).toEqual({ code: 0, out: 'new@demo.kr: 운영자' });
    expect((await run('list')).out).toMatch(/운영자\tnew@demo\.kr\t이새봄/);
    expect(await run('revoke', 'new@demo.kr')).toEqual({ code: 0, out: 'new@demo.kr: 운영자 해제' });
    expect((await run('grant', 'operator', 'nobody@demo.kr')).code).toBe(1);
    expect(await run('revoke', 'owner@demo.kr')).toEqual({ code: 1, out: 'staff: 마지막 대표 운영자는 해제하거나 다른 역할로 바꿀 수 없습니다.' });
    expect((await run('grant', 'boss', 'new@demo.kr')).code).toBe(2);
  }, 60_000);
});
