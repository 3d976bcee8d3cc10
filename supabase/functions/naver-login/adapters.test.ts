import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { naverHttp, randomState, supabaseAdminUsers } from './adapters.ts';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}
type Answer = { status: number; body: unknown };

/** One local server standing in for Naver and Supabase Auth: each test sets the answers and reads the requests. */
let server: Server;
let base = '';
let seen: Seen[] = [];
let answer: (req: Seen) => Answer = () => ({ status: 404, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const entry: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      };
      seen.push(entry);
      const { status, body } = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

describe('naverHttp', () => {
  const naver = () => naverHttp({ clientId: 'cid', clientSecret: 'csecret', oauthBase: base, apiBase: base });

  it("exchanges the code at Naver's token endpoint with the documented query parameters", async () => {
    answer = () => ({ status: 200, body: { access_token: 'AAAA', refresh_token: 'RRRR', token_type: 'bearer', expires_in: '3600' } });
    const token = await naver().exchange('the-code', 'the-state');
    expect(token.access_token).toBe('AAAA');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/oauth2.0/token');
    expect(seen[0]!.query).toEqual({ grant_type: 'authorization_code', client_id: 'cid', client_secret: 'csecret', code: 'the-code', state: 'the-state' });
  });

  it("passes on Naver's refusal, which comes as HTTP 200 with `error`", async () => {
    answer = () => ({ status: 200, body: { error: 'invalid_request', error_description: 'no valid data in session' } });
    expect(await naver().exchange('used-code', 's')).toEqual({ error: 'invalid_request', error_description: 'no valid data in session' });
  });

  it('reads the wrapped profile with the bearer token', async () => {
    answer = () => ({
      status: 200,
      body: { resultcode: '00', message: 'success', response: { id: 'n-1', email: 'a@naver.com', name: '홍길동', nickname: 'gil' } },
    });
    const profile = await naver().profile('AAAA');
    expect(profile.response).toMatchObject({ id: 'n-1', email: 'a@naver.com', name: '홍길동' });
    expect(seen[0]!.path).toBe('/v1/nid/me');
    expect(seen[0]!.headers.authorization).toBe('Bearer AAAA');
  });

  it('keeps the path of a base that has one (a local stand-in of Naver under a prefix)', async () => {
    answer = (req) =>
      req.path.endsWith('/token')
        ? { status: 200, body: { access_token: 'AAAA' } }
        : { status: 200, body: { resultcode: '00', message: 'success', response: { id: 'n-1' } } };
    const prefixed = naverHttp({ clientId: 'cid', clientSecret: 'csecret', oauthBase: `${base}/fake/naver/`, apiBase: `${base}/fake/naver` });
    await prefixed.exchange('c', 's');
    await prefixed.profile('AAAA');
    expect(seen.map((s) => s.path)).toEqual(['/fake/naver/oauth2.0/token', '/fake/naver/v1/nid/me']);
  });

  it("reads a refused token's 401 answer as the wrapper it is", async () => {
    answer = () => ({ status: 401, body: { resultcode: '024', message: 'Authentication failed' } });
    expect((await naver().profile('stale')).resultcode).toBe('024');
  });
});

describe('supabaseAdminUsers', () => {
  const users = () => supabaseAdminUsers({ supabaseUrl: `${base}/`, serviceRoleKey: 'service-key' });

  it("finds the user with exactly the email among the admin list's substring matches, with the service-role key", async () => {
    answer = () => ({
      status: 200,
      body: {
        users: [
          { id: 'u-1', email: 'xmember@naver.com', app_metadata: {} },
          { id: 'u-2', email: 'Member@naver.com', app_metadata: { provider: 'email', naver_id: 'n-1' } },
        ],
        aud: 'authenticated',
      },
    });
    expect(await users().findByEmail('member@naver.com')).toEqual({ id: 'u-2', email: 'Member@naver.com', naverId: 'n-1' });
    expect(seen[0]!.path).toBe('/auth/v1/admin/users');
    expect(seen[0]!.query).toEqual({ page: '1', per_page: '100', filter: 'member@naver.com' });
    expect(seen[0]!.headers.apikey).toBe('service-key');
    expect(seen[0]!.headers.authorization).toBe('Bearer service-key');
  });

  it('reports a Kakao member (no naver_id) as not a Naver user, and no match as null', async () => {
    answer = () => ({ status: 200, body: { users: [{ id: 'u-k', email: 'k@kakao.com', app_metadata: { provider: 'kakao' } }] } });
    expect(await users().findByEmail('k@kakao.com')).toEqual({ id: 'u-k', email: 'k@kakao.com', naverId: null });
    expect(await users().findByEmail('other@kakao.com')).toBeNull();
  });

  it('throws on a refused list (the handler turns it into success=false)', async () => {
    answer = () => ({ status: 401, body: { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' } });
    await expect(users().findByEmail('a@naver.com')).rejects.toThrow('list users: HTTP 401 bad_jwt');
  });

  it('creates a confirmed user with the Naver id in app_metadata', async () => {
    answer = (req) => ({ status: 200, body: { id: 'u-new', email: (req.body as { email: string }).email, app_metadata: { provider: 'email', naver_id: 'n-1' } } });
    expect(await users().create({ email: 'a@naver.com', name: '홍길동', naverId: 'n-1' })).toEqual({ id: 'u-new', email: 'a@naver.com', naverId: 'n-1' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/auth/v1/admin/users' });
    expect(seen[0]!.body).toEqual({
      email: 'a@naver.com',
      email_confirm: true,
      user_metadata: { name: '홍길동', provider: 'naver' },
      app_metadata: { naver_id: 'n-1' },
    });
  });

  it('answers null when GoTrue says the email exists (a doubled callback)', async () => {
    answer = () => ({ status: 422, body: { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' } });
    expect(await users().create({ email: 'a@naver.com', name: 'a', naverId: 'n-1' })).toBeNull();
  });

  it('issues a session by redeeming a generated magic-link token at /verify', async () => {
    answer = (req) =>
      req.path === '/auth/v1/admin/generate_link'
        ? { status: 200, body: { id: 'u-1', email: 'a@naver.com', hashed_token: 'h4sh', verification_type: 'magiclink' } }
        : { status: 200, body: { access_token: 'sb-at', refresh_token: 'sb-rt', token_type: 'bearer', expires_in: 3600, user: { id: 'u-1' } } };
    expect(await users().issueSession({ id: 'u-1', email: 'a@naver.com', naverId: 'n-1' })).toEqual({ accessToken: 'sb-at', refreshToken: 'sb-rt' });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/auth/v1/admin/generate_link', { type: 'magiclink', email: 'a@naver.com' }],
      ['POST', '/auth/v1/verify', { type: 'magiclink', token_hash: 'h4sh' }],
    ]);
  });

  it('refuses a session that /verify issued for another user', async () => {
    answer = (req) =>
      req.path === '/auth/v1/admin/generate_link'
        ? { status: 200, body: { properties: { hashed_token: 'h4sh' } } }
        : { status: 200, body: { access_token: 'sb-at', refresh_token: 'sb-rt', user: { id: 'u-someone-else' } } };
    await expect(users().issueSession({ id: 'u-1', email: 'a@naver.com', naverId: 'n-1' })).rejects.toThrow('another user');
  });
});

describe('randomState', () => {
  it('is 256 random bits as hex, different each time', () => {
    const a = randomState();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(randomState()).not.toBe(a);
  });
});
