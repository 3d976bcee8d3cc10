import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { listOperations, loadSpec, type OperationSpec } from '../openapi/spec';
import { CLIENT, fillPath, jsonOf, sampleForm, samples, tableChanges as changes, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';

/**
 * Generated from the yaml: every operation it marks as a member call (`security`) is sent its valid sample
 * with tokens that must not work and with another member's token, and the database must not change.
 * An operation added to the yaml later is covered without editing this file (and fails here until
 * `samples` in server/testing.ts has an entry for it).
 */
const ops = listOperations(loadSpec());
const memberOps = ops.filter((op) => op.secured || op.optionalAuth);
const OWNER = 'u-demo-1';
const OTHER = 'u-demo-2';
/** What the yaml's Forbidden response says to a member naming another member (server/domain/access.ts, ownUser). */
const FORBIDDEN_MESSAGE = '본인의 정보만 조회할 수 있습니다.';
// Known to the test only, so it can forge the tokens a real attacker could not sign (expired, wrong typ).
const SECRET = 'authorization-test-secret-0123456789abcdef';

let server: TestServer;
let previousSecret: string | undefined;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  previousSecret = process.env.LOCAL_JWT_SECRET;
  process.env.LOCAL_JWT_SECRET = SECRET;
  server = await testServer();
  const other = await server.call('POST', '/local/auth/sign-in', {
    body: { email: 'new@demo.kr', remember: false },
    auth: false,
  });
  expect(other.json.datas.useruid).toBe(OTHER);
  tokens.otherMember = other.json.datas.accessToken;
  const own = await server.call('POST', '/local/auth/sign-in', {
    body: { email: 'member@demo.kr', remember: false },
    auth: false,
  });
  tokens.refreshAsAccess = own.json.datas.refreshToken;

  const claims = { email: 'member@demo.kr', useruid: OWNER, username: '김필라', typ: 'access' };
  const key = new TextEncoder().encode(SECRET);
  const now = Math.floor(Date.now() / 1000);
  tokens.expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(OWNER)
    .setIssuer('local-auth')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(key);
  tokens.wrongKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(OWNER)
    .setIssuer('local-auth')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  tokens.algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: OWNER, iss: 'local-auth', iat: now, exp: now + 3600 })}.`;
}, 30_000);
afterAll(async () => {
  await server?.close();
  if (previousSecret === undefined) delete process.env.LOCAL_JWT_SECRET;
  else process.env.LOCAL_JWT_SECRET = previousSecret;
});

async function send(op: OperationSpec, token: string | undefined): Promise<{ status: number; json: any }> {
  const s = samples[op.operationId]!;
  const path = withQuery(fillPath(op.path, s.params), s.query);
  const headers: Record<string, string> = { ...CLIENT, ...s.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (s.files) {
    body = sampleForm(s);
  } else if (s.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(s.body);
  }
  const res = await fetch(server.url + path, { method: op.method.toUpperCase(), headers, body });
  return { status: res.status, json: await jsonOf(res) };
}

const mentionsOwner = (op: OperationSpec) => JSON.stringify(samples[op.operationId] ?? {}).includes(OWNER);

describe('member calls from the yaml', () => {
  it('every member call has a sample request (server/testing.ts)', () => {
    expect(memberOps.length).toBeGreaterThan(40);
    expect(memberOps.map((op) => op.operationId).filter((id) => !samples[id])).toEqual([]);
  });

  it('every member call declares 403 (scripts/declare-error-responses.ts)', () => {
    expect(memberOps.filter((op) => !op.responses['403']).map((op) => op.operationId)).toEqual([]);
  });

  const BAD_TOKENS = ['none', 'expired', 'algNone', 'wrongKey', 'refreshAsAccess'] as const;

  it(
    'no token (where one is required), an expired token, alg:none, a wrong key or a refresh token: 401 with the envelope, nothing changed',
    { timeout: 60_000 },
    async () => {
      const before = await tableSnapshot(server.db);
      const wrong: string[] = [];
      for (const op of memberOps) {
        // `security: [{bearerAuth: []}, {}]`: public without a token, but a token that is sent must be valid.
        for (const kind of BAD_TOKENS.filter((k) => op.secured || k !== 'none')) {
          const r = await send(op, kind === 'none' ? undefined : tokens[kind]);
          const envelope =
            r.json?.success === false && typeof r.json?.respMessage === 'string' && /[가-힣]/.test(r.json.respMessage);
          // A HEAD answer has no body (RFC 9110), so its refusal is its status alone.
          if (r.status !== 401 || !(envelope || op.method === 'head') || !op.responses['401'])
            wrong.push(`${op.operationId} (${kind}) → ${r.status} ${JSON.stringify(r.json)}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(changes(before, await tableSnapshot(server.db))).toEqual({});
    },
  );

  it(
    "another member's token on u-demo-1's data: 403 where the request names u-demo-1, nothing of u-demo-1's changed",
    { timeout: 60_000 },
    async () => {
      const before = await tableSnapshot(server.db);
      const summary: Record<string, string[]> = {};
      const wrong: string[] = [];
      for (const op of memberOps.filter((o) => o.secured)) {
        const r = await send(op, tokens.otherMember);
        const owner = mentionsOwner(op);
        (summary[`${r.status}${owner ? '' : ' (sample names no member)'}`] ??= []).push(op.operationId);
        if (owner && (r.status !== 403 || r.json?.respMessage !== FORBIDDEN_MESSAGE))
          wrong.push(`${op.operationId} → ${r.status} ${JSON.stringify(r.json)}`);
        // Whatever it answered (403, or 404 for another member's record by id), the yaml must say so.
        else if (!op.responses[String(r.status)]) wrong.push(`${op.operationId} → ${r.status}, which the yaml does not declare`);
      }
      console.log(
        `[authorization] ${memberOps.length} member calls; another member's token answered:\n${Object.entries(summary)
          .sort()
          .map(([status, ids]) => `  ${status}: ${ids.length} — ${ids.join(', ')}`)
          .join('\n')}`,
      );
      expect(wrong).toEqual([]);
      // Whatever the other member was allowed to do, it may only have touched its own rows.
      const changed = changes(before, await tableSnapshot(server.db));
      // Lookup windows count a client address's lookups (the throttle), no member's data. An upload's bytes name
      // only the file: they are the other member's when the file's record names that member.
      delete changed.lookup_windows;
      const otherFiles = new Set(
        (changed.uploads?.added ?? []).filter((r) => r.includes(OTHER)).map((r) => (JSON.parse(r) as { filename: string }).filename),
      );
      const othersRow = (table: string, row: string) =>
        row.includes(OTHER) || (table === 'upload_bytes' && otherFiles.has((JSON.parse(row) as { filename: string }).filename));
      const foreign = Object.fromEntries(
        Object.entries(changed)
          .map(
            ([table, d]) =>
              [
                table,
                { added: d.added.filter((r) => !othersRow(table, r)), removed: d.removed.filter((r) => !othersRow(table, r)) },
              ] as const,
          )
          .filter(([, d]) => d.added.length || d.removed.length),
      );
      expect(foreign).toEqual({});
    },
  );
});
