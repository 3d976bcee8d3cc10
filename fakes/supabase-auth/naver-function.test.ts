/**
 * The Naver server function (supabase/functions/naver-login, with its real adapters) served by the fake at
 * `/functions/v1/naver-login`, end to end as a member's browser goes through it: start → Naver's consent page →
 * callback → back on the storefront's /login. Cookies are carried by hand, as the browser would.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSupabaseAuth, type FakeSupabaseAuth } from './index.ts';
import { nodeSupabaseClient } from './nodeClient.ts';
import { providerOf } from '../../server/lib/supabaseTokens.ts';

const APP = 'http://127.0.0.1:5173';

let fake: FakeSupabaseAuth;

beforeAll(async () => {
  fake = await startFakeSupabaseAuth({ siteUrl: APP, redirectAllowList: [`${APP}/**`] });
});
afterAll(() => fake.close());

function location(response: Response): string {
  expect(response.status).toBe(302);
  return response.headers.get('location') as string;
}

/** The consent page's form, filled in and posted as the browser posts it; returns where Naver sends the browser. */
async function consent(pageUrl: string, fields: Record<string, string>): Promise<string> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
  const form = new URLSearchParams(fields);
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name as string, value as string);
  return location(await fetch(new URL(action, pageUrl), { method: 'POST', body: form, redirect: 'manual' }));
}

/** A member clicks "네이버로 로그인", agrees on Naver's page and is sent back to the storefront. */
async function signInWithNaver(email: string, name = '네이버회원', decision = 'agree'): Promise<URL> {
  const start = await fetch(`${fake.naverFunctionUrl}?redirect_to=${encodeURIComponent(`${APP}/login`)}`, { redirect: 'manual' });
  const naverPage = location(start);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
  expect(cookie).toMatch(/^naver_login_state=/);
  const callback = await consent(naverPage, { email, name, decision });
  expect(callback.startsWith(`${fake.naverFunctionUrl}/callback?`)).toBe(true);
  return new URL(location(await fetch(callback, { headers: { cookie }, redirect: 'manual' })));
}

describe('the Naver function served by the fake', () => {
  it("shows Naver's consent page with the app's client id and the function's registered callback", async () => {
    const naverPage = location(await fetch(`${fake.naverFunctionUrl}?redirect_to=${encodeURIComponent(`${APP}/login`)}`, { redirect: 'manual' }));
    const url = new URL(naverPage);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/fake/naver/oauth2.0/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${fake.naverFunctionUrl}/callback`);
    const html = await (await fetch(naverPage)).text();
    expect(html).toContain('동의하기');
  });

  it('signs a new member in: back on /login with success, useruid and email, and a Supabase session for that user', async () => {
    const landing = await signInWithNaver('Naver.Member@Example.com', '김네이버');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/login`);
    expect(landing.searchParams.get('success')).toBe('true');
    const useruid = landing.searchParams.get('useruid') as string;
    expect(landing.searchParams.get('email')).toBe('naver.member@example.com');
    expect(landing.searchParams.get('name')).toBe('김네이버');
    expect(fake.users.get(useruid)).toMatchObject({ email: 'naver.member@example.com', app_metadata: { naver_id: expect.any(String) } });

    const { payload } = await jwtVerify(landing.searchParams.get('access_token') as string, createRemoteJWKSet(new URL(fake.jwksUrl)), {
      issuer: fake.issuer,
      audience: 'authenticated',
    });
    expect(payload.sub).toBe(useruid);

    // The session is a real one: supabase-js adopts it and the member writes their own users-table row with it.
    const client = nodeSupabaseClient(fake.url, fake.anonKey);
    const set = await client.auth.setSession({
      access_token: landing.searchParams.get('access_token') as string,
      refresh_token: landing.searchParams.get('refresh_token') as string,
    });
    expect(set.error).toBeNull();
    const upsert = await client.from('users').upsert({ id: useruid, last_login: '2026-11-25T10:00:00', active_session_token: 'naver-session' }, { onConflict: 'id' });
    expect(upsert.error).toBeNull();
    expect((await client.from('users').select('active_session_token').eq('id', useruid)).data).toEqual([{ active_session_token: 'naver-session' }]);

    const again = await signInWithNaver('naver.member@example.com');
    expect(again.searchParams.get('success')).toBe('true');
    expect(again.searchParams.get('useruid')).toBe(useruid);
  });

  it("a Kakao sign-in with a Naver member's email is linked by Supabase, and its token still names Kakao (issue 41)", async () => {
    const naver = await signInWithNaver('linked@example.com');
    const useruid = naver.searchParams.get('useruid') as string;
    const client = nodeSupabaseClient(fake.url, fake.anonKey, { pkce: true });
    const { data } = await client.auth.signInWithOAuth({ provider: 'kakao', options: { redirectTo: `${APP}/login`, skipBrowserRedirect: true } });
    const kakaoPage = location(await fetch(data.url as string, { redirect: 'manual' }));
    const kakaoCallback = await consent(kakaoPage, { email: 'linked@example.com', nickname: '카카오', decision: 'agree' });
    const code = new URL(location(await fetch(kakaoCallback, { redirect: 'manual' }))).searchParams.get('code') as string;
    const kakao = await client.auth.exchangeCodeForSession(code);
    expect(kakao.data.user?.id).toBe(useruid);
    const claims = async (token: string) =>
      (await jwtVerify(token, createRemoteJWKSet(new URL(fake.jwksUrl)), { issuer: fake.issuer, audience: 'authenticated' })).payload;
    const viaKakao = await claims(kakao.data.session!.access_token);
    expect(providerOf(viaKakao.app_metadata, viaKakao.amr)).toBe('kakao');
    const viaNaver = await claims((await signInWithNaver('linked@example.com')).searchParams.get('access_token') as string);
    expect(providerOf(viaNaver.app_metadata, viaNaver.amr)).toBe('naver');
  });

  it('refuses an email that a Kakao member already uses: success=false, no second user', async () => {
    const client = nodeSupabaseClient(fake.url, fake.anonKey, { pkce: true });
    const { data } = await client.auth.signInWithOAuth({ provider: 'kakao', options: { redirectTo: `${APP}/login`, skipBrowserRedirect: true } });
    const kakaoPage = location(await fetch(data.url as string, { redirect: 'manual' }));
    const kakaoCallback = await consent(kakaoPage, { email: 'both@example.com', nickname: '카카오', decision: 'agree' });
    expect(new URL(location(await fetch(kakaoCallback, { redirect: 'manual' }))).searchParams.get('code')).toBeTruthy();
    const before = fake.users.size;

    const landing = await signInWithNaver('both@example.com');
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/login`);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: 'false', reason: 'duplicate_email' });
    expect(fake.users.size).toBe(before);
  });

  it('sends a member who cancels on Naver back with success=false', async () => {
    const landing = await signInWithNaver('cancel@example.com', '', 'cancel');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: 'false', reason: 'naver_denied' });
  });

  it("refuses a callback that is not this browser's (no state cookie) and a code replayed at Naver", async () => {
    const start = await fetch(`${fake.naverFunctionUrl}?redirect_to=${encodeURIComponent(`${APP}/login`)}`, { redirect: 'manual' });
    const callback = await consent(location(start), { email: 'csrf@example.com', name: 'x', decision: 'agree' });
    const forged = await fetch(callback, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('로그인 요청이 만료되었거나 올바르지 않습니다.');

    // The attacker's code was not spent by the refused callback; the member's own browser still cannot replay it twice.
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(new URL(location(await fetch(callback, { headers: { cookie }, redirect: 'manual' }))).searchParams.get('success')).toBe('true');
    const replay = new URL(location(await fetch(callback, { headers: { cookie }, redirect: 'manual' })));
    expect(Object.fromEntries(replay.searchParams)).toEqual({ success: 'false', reason: 'naver_token' });
  });

  it("refuses a redirect_to outside the app's origins, and answers Naver's wrapped 401 to a wrong token", async () => {
    const refused = await fetch(`${fake.naverFunctionUrl}?redirect_to=${encodeURIComponent('https://evil.example/login')}`, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    const profile = await fetch(`${fake.url}/fake/naver/v1/nid/me`, { headers: { authorization: 'Bearer nope' } });
    expect(profile.status).toBe(401);
    expect(await profile.json()).toEqual({ resultcode: '024', message: 'Authentication failed / 인증에 실패했습니다.' });
  });
});
