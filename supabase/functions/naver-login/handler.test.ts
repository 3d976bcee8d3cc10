import { describe, expect, it } from 'vitest';
import {
  createNaverLoginHandler,
  parseAppOrigins,
  STATE_COOKIE,
  type AuthUser,
  type NaverProfileAnswer,
  type NaverTokenAnswer,
  type UsersPort,
} from './handler.ts';

const FN = 'https://proj.supabase.co/functions/v1/naver-login';
const APP = 'https://store.example.kr';
const RETURN = `${APP}/login`;
const NAVER_ID = 'naver-7f3a';

/** Naver and Supabase Auth as this function sees them: what they answer, and what they were asked. */
function world(
  options: { token?: NaverTokenAnswer | Error; profile?: NaverProfileAnswer | Error; users?: AuthUser[]; usersPort?: (users: AuthUser[]) => Partial<UsersPort> } = {},
) {
  const calls = { exchange: [] as [string, string][], profile: [] as string[], created: [] as { email: string; name: string; naverId: string }[], sessions: [] as string[] };
  const users: AuthUser[] = [...(options.users ?? [])];
  const logs: string[] = [];
  let states = 0;
  const handler = createNaverLoginHandler({
    config: { clientId: 'client-1', callbackUrl: `${FN}/callback`, appOrigins: parseAppOrigins(`${APP}, http://localhost:5173`) },
    naver: {
      async exchange(code, state) {
        calls.exchange.push([code, state]);
        const answer = options.token ?? { access_token: 'naver-at' };
        if (answer instanceof Error) throw answer;
        return answer;
      },
      async profile(accessToken) {
        calls.profile.push(accessToken);
        const answer = options.profile ?? {
          resultcode: '00',
          message: 'success',
          response: { id: NAVER_ID, email: 'Member@Naver.com', name: '김필라' },
        };
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    users: {
      findByEmail: async (email) => users.find((u) => u.email === email) ?? null,
      async create(input) {
        calls.created.push(input);
        const user = { id: `uid-${users.length + 1}`, email: input.email, naverId: input.naverId };
        users.push(user);
        return user;
      },
      async issueSession(user) {
        calls.sessions.push(user.id);
        return { accessToken: `sb-at-${user.id}`, refreshToken: `sb-rt-${user.id}` };
      },
      ...options.usersPort?.(users),
    },
    randomState: () => `state${++states}`,
    log: (message) => logs.push(message),
  });
  return { handler, calls, users, logs };
}

type World = ReturnType<typeof world>;

const get = (w: World, url: string, cookie?: string) =>
  w.handler(new Request(url, { headers: cookie ? { cookie } : {} }));

/** Start as the app does; the browser's cookie for the callback. */
async function started(w: World, returnTo = RETURN) {
  const res = await get(w, `${FN}?redirect_to=${encodeURIComponent(returnTo)}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0]!, state: new URL(res.headers.get('location')!).searchParams.get('state')! };
}

async function signIn(w: World, query = 'code=naver-code') {
  const { cookie, state } = await started(w);
  const res = await get(w, `${FN}/callback?${query}&state=${state}`, cookie);
  const location = res.headers.get('location');
  return { res, back: location ? new URL(location) : null };
}

describe('naver-login start', () => {
  it("redirects to Naver's consent page with the function's callback and a state the browser holds in an HttpOnly cookie", async () => {
    const w = world();
    const { res, setCookie, state } = await started(w);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('https://nid.naver.com/oauth2.0/authorize');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: `${FN}/callback`,
      state: 'state1',
    });
    expect(setCookie).toMatch(new RegExp(`^${STATE_COOKIE}=${state}\\.`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).toContain('Path=/functions/v1/naver-login/callback');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('gives every start its own state', async () => {
    const w = world();
    expect((await started(w)).state).not.toBe((await started(w)).state);
  });

  it.each([
    ['another site', 'https://evil.example/login'],
    ['a look-alike host', 'https://store.example.kr.evil.example/login'],
    ['credentials before the host', 'https://store.example.kr@evil.example/login'],
    ['another scheme', 'javascript:alert(1)'],
    ['a relative path', '/login'],
    ['nothing', ''],
  ])('refuses a redirect_to on %s, without a redirect or a cookie', async (_, returnTo) => {
    const w = world();
    const res = await get(w, `${FN}?redirect_to=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('허용되지 않은 돌아갈 주소입니다.');
  });

  it('takes any origin on APP_ORIGINS (a developer origin too) and drops a query smuggled into redirect_to', async () => {
    const w = world();
    const { cookie, state } = await started(w, 'http://localhost:5173/login?success=true&useruid=victim');
    const res = await get(w, `${FN}/callback?code=c&state=${state}`, cookie);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/login');
    expect(back.searchParams.getAll('useruid')).toEqual(['uid-1']);
  });

  it('answers only GET', async () => {
    const res = await world().handler(new Request(FN, { method: 'POST' }));
    expect(res.status).toBe(405);
  });
});

describe('naver-login callback: state (CSRF)', () => {
  it.each([
    ['a state that is not the cookie', (state: string) => `state=${state}x`],
    ['no state', () => ''],
  ])('refuses %s with 400 and exchanges nothing', async (_, stateQuery) => {
    const w = world();
    const { cookie, state } = await started(w);
    const res = await get(w, `${FN}/callback?code=naver-code&${stateQuery(state)}`, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('로그인 요청이 만료되었거나 올바르지 않습니다. 다시 로그인해주세요.');
    expect(res.headers.get('location')).toBeNull();
    expect(w.calls.exchange).toEqual([]);
  });

  it("refuses an attacker's callback (their code and state) in a browser without the cookie", async () => {
    const w = world();
    const { state } = await started(w); // the attacker's own start, in the attacker's browser
    const res = await get(w, `${FN}/callback?code=attackers-code&state=${state}`);
    expect(res.status).toBe(400);
    expect(w.calls.exchange).toEqual([]);
  });

  it("refuses another browser's state even with a cookie of this function", async () => {
    const w = world();
    const victim = await started(w);
    const attacker = await started(w);
    const res = await get(w, `${FN}/callback?code=attackers-code&state=${attacker.state}`, victim.cookie);
    expect(res.status).toBe(400);
    expect(w.calls.exchange).toEqual([]);
  });

  it('refuses a cookie whose return address was tampered to another site', async () => {
    const w = world();
    const { state } = await started(w);
    const forged = `${STATE_COOKIE}=${state}.${encodeURIComponent('https://evil.example/login')}`;
    const res = await get(w, `${FN}/callback?code=c&state=${state}`, forged);
    expect(res.status).toBe(400);
    expect(w.calls.exchange).toEqual([]);
  });

  it('clears the state cookie once used, success or not', async () => {
    const w = world();
    const { res } = await signIn(w);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${STATE_COOKIE}=; Path=/functions/v1/naver-login/callback; Max-Age=0`));
  });
});

describe('naver-login callback: sign-in', () => {
  it('creates the Supabase user of a new email and returns to /login with success, useruid, email and a session', async () => {
    const w = world();
    const { res, back } = await signIn(w);
    expect(res.status).toBe(302);
    expect(w.calls.exchange).toEqual([['naver-code', 'state1']]);
    expect(w.calls.profile).toEqual(['naver-at']);
    expect(w.calls.created).toEqual([{ email: 'member@naver.com', name: '김필라', naverId: NAVER_ID }]);
    expect(`${back!.origin}${back!.pathname}`).toBe(RETURN);
    expect(Object.fromEntries(back!.searchParams)).toEqual({
      success: 'true',
      useruid: 'uid-1',
      email: 'member@naver.com',
      name: '김필라',
      access_token: 'sb-at-uid-1',
      refresh_token: 'sb-rt-uid-1',
    });
    // URL-encoded: the @ of the email and the Korean name do not travel raw.
    expect(res.headers.get('location')).toContain('email=member%40naver.com');
    expect(res.headers.get('location')).toContain('name=%EA%B9%80');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('reuses the Supabase user of a returning Naver member and creates no second one', async () => {
    const w = world({ users: [{ id: 'uid-existing', email: 'member@naver.com', naverId: NAVER_ID }] });
    const { back } = await signIn(w);
    expect(w.calls.created).toEqual([]);
    expect(w.users).toHaveLength(1);
    expect(back!.searchParams.get('success')).toBe('true');
    expect(back!.searchParams.get('useruid')).toBe('uid-existing');
    expect(w.calls.sessions).toEqual(['uid-existing']);
  });

  it('signs the same member in twice in a row as the same user', async () => {
    const w = world();
    const first = await signIn(w);
    const second = await signIn(w);
    expect(second.back!.searchParams.get('useruid')).toBe(first.back!.searchParams.get('useruid'));
    expect(w.calls.created).toHaveLength(1);
  });

  it('returns success=false for an email a member of another provider (Kakao) already has, and issues no session', async () => {
    const w = world({ users: [{ id: 'uid-kakao', email: 'member@naver.com', naverId: null }] });
    const { back } = await signIn(w);
    expect(Object.fromEntries(back!.searchParams)).toEqual({ success: 'false', reason: 'duplicate_email' });
    expect(w.calls.created).toEqual([]);
    expect(w.calls.sessions).toEqual([]);
  });

  it("returns success=false for an email another Naver account's user has (never someone else's session)", async () => {
    const w = world({ users: [{ id: 'uid-other', email: 'member@naver.com', naverId: 'naver-other' }] });
    const { back } = await signIn(w);
    expect(back!.searchParams.get('success')).toBe('false');
    expect(back!.searchParams.get('reason')).toBe('duplicate_email');
    expect(w.calls.sessions).toEqual([]);
  });

  it('applies the duplicate rule to a user created meanwhile by a doubled callback', async () => {
    // Another provider's member takes the email between this callback's look-up and its creation.
    const w = world({
      usersPort: (users) => ({
        async create() {
          users.push({ id: 'uid-kakao', email: 'member@naver.com', naverId: null });
          return null;
        },
      }),
    });
    const { back } = await signIn(w);
    expect(Object.fromEntries(back!.searchParams)).toEqual({ success: 'false', reason: 'duplicate_email' });
    expect(w.calls.sessions).toEqual([]);
  });

  it('returns success=false when Supabase Auth calls the email taken though the look-up found no user', async () => {
    const w = world({ usersPort: () => ({ create: async () => null }) });
    const { back } = await signIn(w);
    expect(Object.fromEntries(back!.searchParams)).toEqual({ success: 'false', reason: 'duplicate_email' });
    expect(w.calls.sessions).toEqual([]);
  });

  it('reuses the Naver user a doubled callback created meanwhile', async () => {
    const w = world({
      usersPort: (users) => ({
        async create() {
          users.push({ id: 'uid-twin', email: 'member@naver.com', naverId: NAVER_ID });
          return null;
        },
      }),
    });
    const { back } = await signIn(w);
    expect(back!.searchParams.get('useruid')).toBe('uid-twin');
  });

  it.each([
    ['the member declines on Naver', { query: 'error=access_denied&error_description=Canceled+By+User' }, 'naver_denied'],
    ['the token endpoint refuses the code', { token: { error: 'invalid_request', error_description: 'no valid data in session' } }, 'naver_token'],
    ['the token endpoint is down', { token: new Error('fetch failed') }, 'naver_token'],
    ['the profile answers resultcode 024', { profile: { resultcode: '024', message: 'Authentication failed' } }, 'naver_profile'],
    ['the profile request fails', { profile: new Error('timeout') }, 'naver_profile'],
    ['the profile has no email (scope not granted)', { profile: { resultcode: '00', message: 'success', response: { id: NAVER_ID, name: '김필라' } } }, 'no_email'],
  ] as const)('returns success=false when %s, with a reason and no user created', async (_, setup, reason) => {
    const w = world(setup as Parameters<typeof world>[0]);
    const { res, back } = await signIn(w, 'query' in setup ? setup.query : 'code=naver-code');
    expect(res.status).toBe(302);
    expect(`${back!.origin}${back!.pathname}`).toBe(RETURN);
    expect(Object.fromEntries(back!.searchParams)).toEqual({ success: 'false', reason });
    expect(w.calls.created).toEqual([]);
    expect(w.logs).toContain('Naver sign-in failed');
  });

  it('does not exchange when Naver returns an error', async () => {
    const w = world();
    await signIn(w, 'error=access_denied');
    expect(w.calls.exchange).toEqual([]);
  });

  it.each([
    ['the look-up', { findByEmail: () => Promise.reject(new Error('list users: HTTP 500')) }],
    ['the creation', { create: () => Promise.reject(new Error('create user: HTTP 500')) }],
    ['the session', { issueSession: () => Promise.reject(new Error('verify magic link: HTTP 403')) }],
  ] as const)('returns success=false when Supabase Auth fails at %s, without crashing', async (_, failing) => {
    const w = world({ usersPort: () => failing });
    const { back } = await signIn(w);
    expect(Object.fromEntries(back!.searchParams)).toEqual({ success: 'false', reason: 'server_error' });
  });
});

describe('parseAppOrigins', () => {
  it('reads a comma-separated list as origins and refuses a non-http entry', () => {
    expect(parseAppOrigins(' https://a.kr/ , http://localhost:5173/login,')).toEqual(['https://a.kr', 'http://localhost:5173']);
    expect(() => parseAppOrigins('ftp://a.kr')).toThrow(/APP_ORIGINS/);
  });
});
