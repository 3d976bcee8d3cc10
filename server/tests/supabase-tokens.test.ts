import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type JWK, type CryptoKey } from 'jose';
import { startServer, type RunningServer } from '../start';
import { CLIENT } from '../testing';
import { createSupabaseTokenVerifier } from '../lib/supabaseTokens';

/**
 * Issue 24: in Supabase mode the reference backend verifies the project's access tokens. A tiny JWKS endpoint stands
 * for the Supabase project (the only thing outside the machine); the real server verifies against it.
 */

interface Project {
  url: string;
  /** Publishes another key, as a rotation does. */
  publish(key: JWK): void;
  fetches: () => number;
  close(): Promise<void>;
}

async function supabaseProject(initial: JWK[]): Promise<Project> {
  const keys = [...initial];
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      fetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publish: (key) => keys.push(key),
    fetches: () => fetches,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

async function signingKey(kid: string): Promise<{ kid: string; privateKey: CryptoKey; jwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

interface Claims {
  email: string;
  sub?: string;
  iss?: string;
  aud?: string;
  role?: string;
  exp?: number;
  /** What Supabase writes: `{ provider: 'kakao' }` for a Kakao member, `{ provider: 'email', naver_id }` for a Naver one. */
  app_metadata?: Record<string, unknown>;
  /** How the session began: `oauth` for Kakao, `magiclink` for the Naver function's sign-in. */
  amr?: { method: string; timestamp: number }[];
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Supabase access tokens (Supabase mode)', () => {
  let project: Project;
  let server: RunningServer;
  let current: Awaited<ReturnType<typeof signingKey>>;
  const demo = { useruid: 'u-demo-1', email: 'member@demo.kr' };
  const issuer = () => `${project.url}/auth/v1`;

  /** A token as Supabase Auth issues it, for the given claims (any of which an attacker might change). */
  const token = (c: Claims, key = current) =>
    new SignJWT({
      email: c.email,
      role: c.role ?? 'authenticated',
      session_id: randomUUID(),
      app_metadata: c.app_metadata ?? { provider: 'kakao', providers: ['kakao'] },
      ...(c.amr ? { amr: c.amr } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setSubject(c.sub ?? randomUUID())
      .setIssuer(c.iss ?? issuer())
      .setAudience(c.aud ?? 'authenticated')
      .setIssuedAt()
      .setExpirationTime(c.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(key.privateKey);

  const call = async (path: string, bearer: string | undefined, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { ...CLIENT, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };
  const profile = (bearer: string | undefined, useruid = demo.useruid) => call(`/api/GetUserInfoWithUseruid/${useruid}`, bearer);

  beforeAll(async () => {
    current = await signingKey('key-1');
    project = await supabaseProject([current.jwk]);
    server = await startServer({
      memory: true,
      quiet: true,
      env: { VITE_SUPABASE_URL: project.url, VITE_SUPABASE_ANON_KEY: 'anon-key' },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await project?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a member with an ES256 token from the JWKS, found by the token email', async () => {
    const own = await token({ email: demo.email });
    const me = await profile(own);
    expect(me.status).toBe(200);
    expect(me.json.datas).toMatchObject({ useruid: demo.useruid, email: demo.email });
    const lectures = await call('/api/Contents/GetMyLectures/', own, { useruid: demo.useruid, page: 1, pageSize: 10, status: 'ing' });
    expect(lectures.status).toBe(200);
    expect(lectures.json.success).toBe(true);
  });

  it("refuses another member's useruid with 403, as before", async () => {
    const own = await token({ email: demo.email });
    const other = await profile(own, 'u-demo-2');
    expect(other.status).toBe(403);
    expect(other.json.respMessage).toBe('본인의 정보만 조회할 수 있습니다.');
  });

  it('lets a first sign-in check and create its own account, then serves it', async () => {
    const sub = randomUUID();
    const email = `first-${sub.slice(0, 8)}@example.kr`;
    const first = await token({ email, sub });
    // Signed in, no account yet: only the first sign-in's calls.
    expect((await profile(first, sub)).status).toBe(401);
    expect((await call('/api/Contents/GetMyLectures/', first, { useruid: sub, page: 1, pageSize: 10, status: 'ing' })).status).toBe(401);
    // Where signing in is optional it is a visitor meanwhile, not refused.
    expect((await call('/api/Board/GetSuggests/', first, { page: 1, pageSize: 10 })).status).toBe(200);
    const check = await call('/api/CheckUserAccount/', first, { email });
    expect(check.status).toBe(200);
    expect(check.json.datas).toEqual({ exists: false, useruid: null });
    const created = await call('/api/CreateSNSUser/', first, { useruid: sub, userid: `kakao_${sub.slice(0, 6)}`, email, name: '박서연' });
    expect(created.status).toBe(200);
    expect(created.json.datas).toMatchObject({ useruid: sub, email });
    const mine = await profile(first, sub);
    expect(mine.status).toBe(200);
    expect(mine.json.datas).toMatchObject({ useruid: sub, email, name: '박서연' });
    const again = await call('/api/CheckUserAccount/', first, { email });
    expect(again.json.datas).toEqual({ exists: true, useruid: sub });
  });

  it('records the provider the token names: a Naver member as naver, a Kakao member as kakao, whatever the body says', async () => {
    for (const [provider, app_metadata] of [
      ['naver', { provider: 'email', providers: ['email'], naver_id: 'naver-7f3a' }],
      ['kakao', { provider: 'kakao', providers: ['kakao'] }],
    ] as const) {
      const sub = randomUUID();
      const email = `${provider}-${sub.slice(0, 8)}@example.kr`;
      const first = await token({ email, sub, app_metadata });
      const created = await call('/api/CreateSNSUser/', first, { useruid: sub, userid: `kakao_${sub.slice(0, 6)}`, email, name: '가입자' });
      expect(created.status).toBe(200);
      expect(created.json.datas.snstype).toBe(provider);
      expect((await profile(first, sub)).json.datas.snstype).toBe(provider);
    }
  });

  it('one rule for an email arriving through another provider: an account is its own provider\'s, never joined', async () => {
    const at = Math.floor(Date.now() / 1000);
    const naver = { provider: 'email', providers: ['email'], naver_id: 'naver-1d2c' };
    const sub = randomUUID();
    const email = `naver-own-${sub.slice(0, 8)}@example.kr`;
    const viaNaver = (app_metadata: Record<string, unknown>) => token({ email, sub, app_metadata, amr: [{ method: 'magiclink', timestamp: at }] });
    const made = await call('/api/CreateSNSUser/', await viaNaver(naver), { useruid: sub, userid: `naver_${sub.slice(0, 6)}`, email, name: '네이버회원' });
    expect(made.json.datas?.snstype).toBe('naver');

    // Supabase links a Kakao sign-in with the same email to that auth user: same id, both providers, an OAuth session.
    const linked = { ...naver, providers: ['email', 'kakao'] };
    const viaKakao = await token({ email, sub, app_metadata: linked, amr: [{ method: 'oauth', timestamp: at }] });
    expect((await profile(viaKakao, sub)).status).toBe(401);
    expect((await call('/api/CheckUserAccount/', viaKakao, { email })).json.datas).toEqual({ exists: true, useruid: null });
    const joined = await call('/api/CreateSNSUser/', viaKakao, { useruid: sub, userid: `kakao_${sub.slice(0, 6)}`, email, name: '카카오' });
    expect([joined.status, joined.json.respMessage]).toEqual([409, '동일한 이메일로 가입된 사용자가 있습니다.']);
    // The Naver member signing in with Naver is still served, linked identity or not.
    const mine = await profile(await viaNaver(linked), sub);
    expect([mine.status, mine.json.datas?.snstype]).toEqual([200, 'naver']);

    // The other way round: a Naver session with a Kakao member's email (the demo member) is refused the same way.
    const naverSub = randomUUID();
    const naverDemo = await token({ email: demo.email, sub: naverSub, app_metadata: { ...naver, naver_id: 'naver-9e8f' }, amr: [{ method: 'magiclink', timestamp: at }] });
    expect((await profile(naverDemo)).status).toBe(401);
    expect((await call('/api/CheckUserAccount/', naverDemo, { email: demo.email })).json.datas).toEqual({ exists: true, useruid: null });
    const squat = await call('/api/CreateSNSUser/', naverDemo, { useruid: naverSub, userid: 'naver_x', email: demo.email, name: '네이버' });
    expect([squat.status, squat.json.respMessage]).toEqual([409, '동일한 이메일로 가입된 사용자가 있습니다.']);
    expect((await profile(await token({ email: demo.email, amr: [{ method: 'oauth', timestamp: at }] }))).status).toBe(200);
  });

  it('answers CheckUserAccount and CreateSNSUser only for the token own email and id', async () => {
    const sub = randomUUID();
    const email = `mine-${sub.slice(0, 8)}@example.kr`;
    const first = await token({ email, sub });
    const probe = await call('/api/CheckUserAccount/', first, { email: demo.email });
    expect(probe.status).toBe(403);
    expect(probe.json.respMessage).toBe('로그인한 계정의 이메일로만 확인하거나 가입할 수 있습니다.');
    expect((await call('/api/CheckUserAccount/', undefined, { email })).status).toBe(401);
    const squat = await call('/api/CreateSNSUser/', first, { useruid: randomUUID(), userid: 'kakao_x', email: 'someone@example.kr', name: '남의메일' });
    expect(squat.status).toBe(403);
    const otherId = await call('/api/CreateSNSUser/', first, { useruid: 'u-demo-2', userid: 'kakao_x', email, name: '남의아이디' });
    expect(otherId.status).toBe(403);
    expect((await call('/api/CreateSNSUser/', undefined, { useruid: sub, userid: 'kakao_x', email, name: '익명' })).status).toBe(401);
    // Nothing was created by the refused calls.
    expect((await call('/api/CheckUserAccount/', first, { email })).json.datas).toEqual({ exists: false, useruid: null });
  });

  it('accepts a token signed with a rotated key once the JWKS publishes it', async () => {
    expect(await profile(await token({ email: demo.email }))).toMatchObject({ status: 200 });
    const before = project.fetches();
    const next = await signingKey('key-2');
    project.publish(next.jwk);
    // An unknown kid is refetched at most once a second (server/lib/supabaseTokens.ts): let that second pass.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 1_500);
    const rotated = await profile(await token({ email: demo.email }, next));
    expect(rotated.status).toBe(200);
    expect(rotated.json.datas.useruid).toBe(demo.useruid);
    expect(project.fetches()).toBe(before + 1);
    current = next;
  });

  describe('refuses every forged or foreign token with 401', () => {
    const refused = async (bearer: string | Promise<string>) => {
      const r = await profile(await bearer);
      expect(r.status).toBe(401);
      expect(r.json.respMessage).toBe('로그인 후 이용해주세요.');
    };

    it('signed by a key the project does not publish (same kid)', async () => {
      const stranger = await signingKey(current.kid);
      await refused(token({ email: demo.email }, stranger));
    });
    it('signed by a key with an unknown kid', async () => {
      await refused(token({ email: demo.email }, await signingKey('attacker-kid')));
    });
    it('from another issuer', () => refused(token({ email: demo.email, iss: 'https://evil.supabase.co/auth/v1' })));
    it('for another audience', () => refused(token({ email: demo.email, aud: 'anon' })));
    it('with a role other than authenticated (the anon key)', () => refused(token({ email: demo.email, role: 'anon' })));
    it('expired', () => refused(token({ email: demo.email, exp: Math.floor(Date.now() / 1000) - 10 })));
    it('unsigned (alg none)', () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { email: demo.email, sub: randomUUID(), role: 'authenticated', iss: issuer(), aud: 'authenticated', iat: now, exp: now + 3600 };
      return refused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    });
    it('HS256 with a guessed secret when SUPABASE_JWT_SECRET is not set', async () => {
      const guessed = await new SignJWT({ email: demo.email, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(randomUUID())
        .setIssuer(issuer())
        .setAudience('authenticated')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
      await refused(guessed);
    });
    it('a refresh token sent as the access token', () => refused('v1mx0qbbzu2n'));
    it("the local mode's own sign-in is not there", async () => {
      const r = await call('/local/auth/sign-in', undefined, { email: demo.email, remember: false });
      expect(r.status).toBe(404);
    });
  });
});

describe('Supabase access tokens signed with the legacy HS256 secret', () => {
  const secret = 'legacy-project-jwt-secret-of-at-least-32-chars';
  // No JWKS is reachable at all: an HS256 project needs none.
  const url = 'http://127.0.0.1:9';
  const hs256 = (key: string, email = 'member@demo.kr') =>
    new SignJWT({ email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('8f14e45f-ceea-467f-a0e6-3c5a0b1d2e33')
      .setIssuer(`${url}/auth/v1`)
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(key));

  it('accepts a token signed with SUPABASE_JWT_SECRET and refuses one signed with another', async () => {
    const tokens = createSupabaseTokenVerifier({ url, jwtSecret: secret });
    expect(await tokens.verify(await hs256(secret))).toEqual({ sub: '8f14e45f-ceea-467f-a0e6-3c5a0b1d2e33', email: 'member@demo.kr', provider: null });
    expect(await tokens.verify(await hs256(`${secret}-guess`))).toBeUndefined();
    // Without the secret configured, not even the right one is taken (the server above answers 401 for it).
    expect(await createSupabaseTokenVerifier({ url }).verify(await hs256(secret))).toBeUndefined();
  });
});

describe('Supabase mode without the project URL', () => {
  it('refuses to start', async () => {
    await expect(startServer({ memory: true, quiet: true, env: { VITE_SUPABASE_URL: 'not a url', VITE_SUPABASE_ANON_KEY: 'anon-key' } })).rejects.toThrow(/SUPABASE_URL/);
  });
});
