/**
 * The fake Supabase Auth against the real supabase-js: if supabase-js can sign in, refresh and sign out through it,
 * the app and the backend can rely on it standing in for the hosted service.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSupabaseAuth, type FakeSupabaseAuth } from './index.ts';
import { nodeSupabaseClient } from './nodeClient.ts';

const APP = 'http://127.0.0.1:5173';

let fake: FakeSupabaseAuth;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeSupabaseAuth({ siteUrl: APP, redirectAllowList: [`${APP}/**`], now: () => clock });
});
afterAll(() => fake.close());

function newClient(key = fake.anonKey, persistSession = true): SupabaseClient {
  return nodeSupabaseClient(fake.url, key, { pkce: true, persistSession });
}

function location(response: Response): string {
  expect(response.status).toBe(302);
  return response.headers.get('location') as string;
}

/** What a member's browser does: open the authorize URL, agree on Kakao's page, land back on the app with `?code=`. */
async function consentOnKakao(authorizeUrl: string, account: { email: string; nickname?: string; decision?: string }): Promise<URL> {
  const kakaoPage = location(await fetch(authorizeUrl, { redirect: 'manual' }));
  const html = await (await fetch(kakaoPage)).text();
  expect(html).toContain('동의하고 계속하기');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
  const form = new URLSearchParams({ email: account.email, nickname: account.nickname ?? '', decision: account.decision ?? 'agree' });
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name as string, value as string);
  const callback = location(await fetch(new URL(action, kakaoPage), { method: 'POST', body: form, redirect: 'manual' }));
  return new URL(location(await fetch(callback, { redirect: 'manual' })));
}

async function signInWithKakao(client: SupabaseClient, email: string, redirectTo = `${APP}/login`) {
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'kakao', options: { redirectTo, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const landing = await consentOnKakao(data.url as string, { email, nickname: '필라' });
  return { landing, code: landing.searchParams.get('code') as string };
}

describe('fake Supabase Auth driven by the real supabase-js', () => {
  it('signs a member in with Kakao through PKCE and answers their user', async () => {
    const client = newClient();
    const { landing, code } = await signInWithKakao(client, 'Member1@Example.com');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/login`);

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.user).toMatchObject({ email: 'member1@example.com', aud: 'authenticated', role: 'authenticated', app_metadata: { provider: 'kakao', providers: ['kakao'] } });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'kakao', user_id: data.user?.id });

    const { data: current, error: userError } = await client.auth.getUser();
    expect(userError).toBeNull();
    expect(current.user?.id).toBe(data.user?.id);
  });

  it('signs the same Kakao account into the same user a second time', async () => {
    const first = newClient();
    const { code } = await signInWithKakao(first, 'again@example.com');
    const { data: one } = await first.auth.exchangeCodeForSession(code);
    const second = newClient();
    const { code: code2 } = await signInWithKakao(second, 'again@example.com');
    const { data: two } = await second.auth.exchangeCodeForSession(code2);
    expect(two.user?.id).toBe(one.user?.id);
    expect(two.user?.identities).toHaveLength(1);
  });

  it('issues ES256 access tokens that verify against the JWKS, also after a key rotation', async () => {
    const jwks = createRemoteJWKSet(new URL(fake.jwksUrl), { cooldownDuration: 0 });
    const client = newClient();
    const { code } = await signInWithKakao(client, 'jwks@example.com');
    const { data } = await client.auth.exchangeCodeForSession(code);
    const verify = (token: string) => jwtVerify(token, jwks, { issuer: `${fake.url}/auth/v1`, audience: 'authenticated', algorithms: ['ES256'] });

    const { payload } = await verify(data.session?.access_token as string);
    expect(payload).toMatchObject({ sub: data.user?.id, email: 'jwks@example.com', role: 'authenticated', app_metadata: { provider: 'kakao' } });
    expect(payload.session_id).toEqual(expect.any(String));
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);

    const newKid = await fake.rotateKey();
    const { data: refreshed } = await client.auth.refreshSession();
    const token = refreshed.session?.access_token as string;
    expect(decodeProtectedHeader(token).kid).toBe(newKid);
    await expect(verify(token)).resolves.toBeDefined();
    const published = (await (await fetch(fake.jwksUrl)).json()) as { keys: { kid: string }[] };
    expect(published.keys).toHaveLength(2);
    // The gateway still answers the member with the old key's token until it expires.
    expect((await client.auth.getUser(data.session?.access_token)).error).toBeNull();
  });

  it('rotates the refresh token and refuses the old one, ending that session', async () => {
    const client = newClient();
    const { code } = await signInWithKakao(client, 'refresh@example.com');
    const { data } = await client.auth.exchangeCodeForSession(code);
    const oldRefresh = data.session?.refresh_token as string;

    const { data: refreshed, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session?.refresh_token).not.toBe(oldRefresh);
    expect(refreshed.session?.access_token).not.toBe(data.session?.access_token);

    const replay = await newClient().auth.refreshSession({ refresh_token: oldRefresh });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterReplay = await newClient().auth.refreshSession({ refresh_token: refreshed.session?.refresh_token as string });
    expect(afterReplay.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('refuses an expired access token and renews it from the refresh token', async () => {
    fake.setAccessTokenLifetime(60);
    try {
      const client = newClient();
      const { code } = await signInWithKakao(client, 'expiry@example.com');
      const { data } = await client.auth.exchangeCodeForSession(code);
      expect(data.session?.expires_in).toBe(60);
      clock += 61_000;
      expect((await newClient().auth.getUser(data.session?.access_token)).error).toMatchObject({ status: 403, code: 'bad_jwt' });
      const { data: renewed, error } = await newClient().auth.refreshSession({ refresh_token: data.session?.refresh_token as string });
      expect(error).toBeNull();
      expect((await newClient().auth.getUser(renewed.session?.access_token)).data.user?.email).toBe('expiry@example.com');
    } finally {
      fake.setAccessTokenLifetime(3600);
      clock = Date.now();
    }
  });

  it('signs out globally: the refresh token and the access token stop working', async () => {
    const client = newClient();
    const { code } = await signInWithKakao(client, 'logout@example.com');
    const { data } = await client.auth.exchangeCodeForSession(code);
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const refresh = await newClient().auth.refreshSession({ refresh_token: data.session?.refresh_token as string });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await newClient().auth.getUser(data.session?.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses a code used twice, a wrong code verifier and an expired code', async () => {
    const client = newClient();
    const { code } = await signInWithKakao(client, 'code@example.com');
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
    const post = (body: object) =>
      fetch(`${fake.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { apikey: fake.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, body: JSON.stringify(body) });

    const twice = await post({ auth_code: code, code_verifier: 'x'.repeat(43) });
    expect(twice.status).toBe(404);
    expect(await twice.json()).toEqual({ code: 'flow_state_not_found', message: expect.any(String) });

    // supabase-js keeps the verifier in storage; a second client has none of its own, so the attacker sends a guess.
    const victim = newClient();
    const { code: stolen } = await signInWithKakao(victim, 'victim@example.com');
    const wrong = await post({ auth_code: stolen, code_verifier: 'attacker-guess-'.padEnd(43, 'a') });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });

    const late = newClient();
    const { code: old } = await signInWithKakao(late, 'late@example.com');
    clock += 5 * 60 * 1000 + 1;
    try {
      expect((await late.auth.exchangeCodeForSession(old)).error).toMatchObject({ status: 422, code: 'flow_state_expired' });
    } finally {
      clock = Date.now();
    }
  });

  it('sends a redirect outside the allow-list to the Site URL, and a cancelled consent back with access_denied', async () => {
    const client = newClient();
    const { landing } = await signInWithKakao(client, 'redirect@example.com', 'https://evil.example/steal');
    expect(landing.origin).toBe(APP);
    expect(landing.searchParams.get('code')).toEqual(expect.any(String));

    const { data } = await client.auth.signInWithOAuth({ provider: 'kakao', options: { redirectTo: `${APP}/login`, skipBrowserRedirect: true } });
    const cancelled = await consentOnKakao(data.url as string, { email: 'cancel@example.com', decision: 'cancel' });
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('code')).toBeNull();
  });

  it('answers 401 without an apikey and a bearer, in the legacy error shape for callers without an API version', async () => {
    const noKey = await fetch(`${fake.url}/auth/v1/user`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
    expect((await fetch(`${fake.url}/auth/v1/user`, { headers: { apikey: 'not-the-key' } })).status).toBe(401);

    const noBearer = await fetch(`${fake.url}/auth/v1/user`, { headers: { apikey: fake.anonKey } });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });

    const forged = await newClient().auth.getUser('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('answers a browser preflight from the app origin', async () => {
    const preflight = await fetch(`${fake.url}/auth/v1/token?grant_type=pkce`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type,x-client-info,x-supabase-api-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/apikey.*authorization.*content-type.*x-client-info.*x-supabase-api-version/);
  });

  it('serves the admin user calls to the service-role key only', async () => {
    const admin = newClient(fake.serviceRoleKey, false);
    const created = await admin.auth.admin.createUser({ email: 'naver@example.com', email_confirm: true, user_metadata: { name: '네이버' } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email: 'naver@example.com', app_metadata: { provider: 'email' }, user_metadata: { name: '네이버' } });

    const duplicate = await admin.auth.admin.createUser({ email: 'naver@example.com', email_confirm: true });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const page1 = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data).toMatchObject({ nextPage: 2, total: fake.users.size });
    const everyone = await admin.auth.admin.listUsers();
    expect(everyone.error).toBeNull();
    expect(everyone.data.users.map((user) => user.email)).toContain('naver@example.com');

    const asMember = newClient(fake.anonKey, false);
    const refused = await asMember.auth.admin.listUsers();
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});
