import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type OperationSpec } from '../openapi/spec';
import { CLIENT, fillPath, jsonOf, sampleForm, samples, signInAs, tableChanges, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';

/**
 * Generated from the yaml: every console operation (`x-staff-roles`) is sent its valid sample without a token, with a
 * member's token and with the token of each staff role it does not name, and must refuse each before anything is read
 * or changed. An operation added later is covered without editing this file (and fails here until it has a sample).
 */
const consoleOps = listOperations(loadSpec()).filter((op) => op.staffRoles);
const ROLE_EMAILS = { owner: 'owner@demo.kr', operator: 'staff@demo.kr', instructor: 'teacher@demo.kr' } as const;

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  for (const [role, email] of Object.entries(ROLE_EMAILS)) tokens[role] = await signInAs(server, email);
}, 30_000);
afterAll(() => server?.close());

async function send(op: OperationSpec, token: string | undefined): Promise<{ status: number; json: any }> {
  const s = samples[op.operationId]!;
  const headers: Record<string, string> = { ...CLIENT, ...s.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (s.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + withQuery(fillPath(op.path, s.params), s.query), {
    method: op.method.toUpperCase(),
    headers,
    // A multipart sample sends its form (a caption file), so the refusal is the role's, not a missing body's.
    body: s.files ? sampleForm(s) : s.body === undefined ? undefined : JSON.stringify(s.body),
  });
  return { status: res.status, json: await jsonOf(res) };
}

describe('the console: the server decides every right', () => {
  it('every console operation is under /api/Admin/, tagged admin-<area>, names its roles and has a sample', () => {
    expect(consoleOps.length).toBeGreaterThanOrEqual(20);
    const doc = loadSpec();
    for (const op of consoleOps) {
      expect(op.path.startsWith('/api/Admin/'), op.operationId).toBe(true);
      expect(op.secured, op.operationId).toBe(true);
      const tags = (doc.paths[op.path][op.method].tags ?? []) as string[];
      expect(tags.every((t) => /^admin-[a-z]+$/.test(t)) && tags.length === 1, `${op.operationId}: ${tags.join()}`).toBe(true);
      for (const status of ['401', '403']) expect(op.responses[status], `${op.operationId} declares ${status}`).toBeDefined();
    }
    expect(consoleOps.filter((op) => !samples[op.operationId]).map((op) => op.operationId)).toEqual([]);
  });

  it('a /api/Admin/ path without x-staff-roles does not exist', () => {
    const unguarded = listOperations(loadSpec()).filter((op) => op.path.startsWith('/api/Admin/') && !op.staffRoles);
    expect(unguarded.map((op) => op.operationId)).toEqual([]);
  });

  it('no token 401, a member 403, a staff role the operation does not name 403, in Korean; nothing changes', { timeout: 90_000 }, async () => {
    const before = await tableSnapshot(server.db);
    const wrong: string[] = [];
    for (const op of consoleOps) {
      const refused: [string, string | undefined, number, string][] = [
        ['visitor', undefined, 401, '로그인 후 이용해주세요.'],
        ['member', tokens.member, 403, '운영진만 이용할 수 있습니다.'],
        ...Object.keys(ROLE_EMAILS)
          .filter((role) => !op.staffRoles!.includes(role))
          .map((role): [string, string, number, string] => [role, tokens[role]!, 403, '이 작업을 할 권한이 없습니다.']),
      ];
      for (const [who, token, status, message] of refused) {
        const r = await send(op, token);
        // A HEAD answer has no body (RFC 9110): its refusal is its status alone.
        if (r.status !== status || (op.method !== 'head' && r.json?.respMessage !== message)) wrong.push(`${op.operationId} as ${who} → ${r.status} ${JSON.stringify(r.json)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('a revoked role ends at once: the next request of the same token is refused', async () => {
    const me = (token: string) => server.call('GET', '/api/Admin/Me', { headers: { Authorization: `Bearer ${token}` }, auth: false });
    const owner = { Authorization: `Bearer ${tokens.owner}` };
    const granted = await server.call('POST', '/api/Admin/Staff', { body: { email: 'new@demo.kr', role: 'operator' }, headers: owner, auth: false });
    expect(granted.status).toBe(200);
    const newToken = await signInAs(server, 'new@demo.kr');
    expect((await me(newToken)).json.datas.role).toBe('operator');
    expect((await server.call('DELETE', '/api/Admin/Staff/u-demo-2', { headers: owner, auth: false })).status).toBe(200);
    const after = await me(newToken);
    expect([after.status, after.json.respMessage]).toEqual([403, '운영진만 이용할 수 있습니다.']);
  });
});
