import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * Issued certificates in the console (issue 39): owner and operators list them and revoke one with a reason; the
 * public check then says it is revoked and since when, the member's copy no longer prints, and nothing issues it again.
 */
let server: TestServer;
const as: Record<'owner' | 'operator' | 'instructor', Record<string, string>> = { owner: {}, operator: {}, instructor: {} };
const member = () => ({ Authorization: `Bearer ${server.token}` });
beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [
    ['owner', 'owner@demo.kr'],
    ['operator', 'staff@demo.kr'],
    ['instructor', 'teacher@demo.kr'],
  ] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
}, 30_000);
afterAll(() => server?.close());

/** The member's certificates as /myCertificates reads them (listing issues a due one: class 102's in the seed). */
async function myCertificates() {
  const r = await server.call('POST', '/api/Contents/GetMyLectures/', {
    body: { page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'certificate' },
  });
  expect(r.status).toBe(200);
  return r.json.datas.list.map((l: { certificate: Record<string, unknown> }) => l.certificate);
}
const list = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  server.call('POST', '/api/Admin/Certificates/List', { body: { page: 1, pageSize: 20, ...body }, headers, auth: false });
const revoke = (headers: Record<string, string>, number: string, reason = '수료 요건 부정 충족 확인') =>
  server.call('POST', `/api/Admin/Certificates/${encodeURIComponent(number)}/Revoke`, { body: { reason }, headers, auth: false });
/** The public check, as anyone without a token (two in this file: within its 10 a minute). */
const check = (number: string) => server.call('GET', `/api/Certificate/Verify/${encodeURIComponent(number)}`, { auth: false });

describe('issued certificates in the console', () => {
  it('an operator finds member@demo.kr’s certificate by email, name or number, the member masked, newest first', async () => {
    const [mine] = await myCertificates();
    const number = mine.certificateno as string;
    for (const q of ['member@demo', '김', number.slice(0, 8).toLowerCase(), number]) {
      const r = await list(as.operator, { q });
      expect(r.status, q).toBe(200);
      expect(
        r.json.datas.list.map((c: { certificateno: string }) => c.certificateno),
        q,
      ).toContain(number);
    }
    const r = await list(as.owner, { q: number });
    expect(r.json.datas).toMatchObject({ totalCount: 1, page: 1 });
    expect(r.json.datas.list[0]).toMatchObject({
      certificateno: number,
      contentsid: 102,
      member: { useruid: 'u-demo-1', name: '김*라', email: 'me****@demo.kr' },
      revokedat: null,
      revokereason: null,
      revokedby: null,
    });
    expect((await list(as.operator, { q: 'nobody-at-all@nowhere' })).json.datas).toMatchObject({ list: [], totalCount: 0 });
  });

  it('a member and an instructor are refused both calls (403) and nothing changes', async () => {
    const [mine] = await myCertificates();
    const before = await tableSnapshot(server.db);
    for (const headers of [member(), as.instructor]) {
      expect((await list(headers)).status).toBe(403);
      expect((await revoke(headers, mine.certificateno)).status).toBe(403);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('an unknown number is 404 and a blank reason 400, nothing changed', async () => {
    const [mine] = await myCertificates();
    const before = await tableSnapshot(server.db);
    const unknown = await revoke(as.operator, 'KPRA-0000000000');
    expect([unknown.status, unknown.json.respMessage]).toEqual([404, '수료증을 찾을 수 없습니다.']);
    const blank = await revoke(as.operator, mine.certificateno, '  ');
    expect([blank.status, blank.json.respMessage]).toEqual([400, '취소 사유를 적어주세요.']);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('revoked: the public check says since when, the member’s copy says so and is not issued again; a doubled revoke revokes once', async () => {
    const [mine] = await myCertificates();
    const number = mine.certificateno as string;
    const standing = await check(number);
    expect(standing.status).toBe(200);
    expect(standing.json.datas.revokedat).toBeNull();

    const [first, second] = await Promise.all([revoke(as.operator, number), revoke(as.owner, number, '두 번째 사유')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const one = (await list(as.owner, { q: number })).json.datas.list[0];
    expect(one.revokedat).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    // Whichever landed first stands, whole; the other changed nothing.
    expect([first.json.datas, second.json.datas]).toEqual([one, one]);
    expect(['수료 요건 부정 충족 확인', '두 번째 사유']).toContain(one.revokereason);
    expect(['정운영', '최대표']).toContain(one.revokedby);
    const trail = await server.call('POST', '/api/Admin/Audit/List', {
      body: { limit: 10, operation: 'revokeAdminCertificate' },
      headers: as.owner,
      auth: false,
    });
    expect(trail.json.datas.list).toHaveLength(1);
    expect(trail.json.datas.list[0]).toMatchObject({
      objecttype: 'certificate',
      objectid: number,
      summary: { after: { reason: one.revokereason } },
    });
    const again = await revoke(as.operator, number, '세 번째');
    expect(again.json.datas).toEqual(one);
    expect(again.json.respMessage).toBe('이미 취소된 수료증입니다.');

    const day = one.revokedat.slice(0, 10).split('-').map(Number);
    const publicCheck = await check(number.toLowerCase());
    expect(publicCheck.status).toBe(200);
    expect(publicCheck.json.datas).toMatchObject({ certificateno: number, revokedat: one.revokedat, maskedname: '김*라' });
    expect(publicCheck.json.respMessage).toBe(`취소된 수료증입니다. (${day[0]}년 ${day[1]}월 ${day[2]}일 취소)`);
    // The reason is the association's, not the public's.
    expect(JSON.stringify(publicCheck.json)).not.toContain(one.revokereason);

    // The member still sees it, revoked, under the same number; listing again issues no new one.
    const [after] = await myCertificates();
    expect(after).toMatchObject({ certificateno: number, revokedat: one.revokedat });
    const rows = await sql<{
      certificateno: string;
    }>`select certificateno from certificates where useruid = 'u-demo-1' and contentsid = 102`.execute(server.db);
    expect(rows.rows.map((r) => r.certificateno)).toEqual([number]);
    expect(
      (await list(as.operator, { state: 'revoked' })).json.datas.list.map((c: { certificateno: string }) => c.certificateno),
    ).toEqual([number]);
    expect((await list(as.operator, { state: 'issued', q: number })).json.datas.totalCount).toBe(0);
  });
});
