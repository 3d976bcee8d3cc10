// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { createSupabaseAuthAdapter, KAKAO_RETURN_FAILED } from './supabaseAdapter';
import { LIVE_AUTH_OPTIONS } from '../session/supabaseClient';

const session = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  user: { id: 'auth-user-1', email: 'member@kakao.kr', user_metadata: { name: '김카카오' } },
} as unknown as Session;

type Listener = (event: string, session: Session | null) => void;

function fakeSupabase() {
  const listeners: Listener[] = [];
  const auth = {
    exchangeCodeForSession: vi.fn(async () => ({ data: { session, user: session.user }, error: null })),
    setSession: vi.fn(async () => ({ data: { session, user: session.user }, error: null })),
    signOut: vi.fn(async () => ({ error: null })),
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    refreshSession: vi.fn(async () => ({ data: { session, user: session.user }, error: null })),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.push(listener);
      return { data: { subscription: { unsubscribe: vi.fn() } } };
    }),
  };
  return { client: { auth } as unknown as SupabaseClient, auth, emit: (e: string, s: Session | null) => listeners.forEach((l) => l(e, s)) };
}

const visit = (path: string) => window.history.replaceState(null, '', path);
const here = () => `${window.location.pathname}${window.location.search}`;

describe('the Supabase sign-in adapter', () => {
  beforeEach(() => visit('/'));

  it('exchanges the Kakao code on /login once, and takes it out of the address first', async () => {
    const { client, auth } = fakeSupabase();
    const adapter = createSupabaseAuthAdapter(client, undefined);
    visit('/login?code=kakao-code-1');
    await expect(adapter.takeReturnedSignIn()).resolves.toMatchObject({
      email: 'member@kakao.kr',
      name: '김카카오',
      providerUserId: 'auth-user-1',
      accessToken: 'access-1',
    });
    expect(here()).toBe('/login');
    visit('/login?code=kakao-code-1'); // the same return again: a remount, or the page restored from history
    await expect(adapter.takeReturnedSignIn()).resolves.toBeNull();
    expect(auth.exchangeCodeForSession.mock.calls).toEqual([['kakao-code-1']]);
  });

  it('leaves a `code` on any other page alone (PortOne returns carry one)', async () => {
    const { client, auth } = fakeSupabase();
    visit('/paymentFail?paymentId=p-1&code=FAILURE_TYPE_PG&message=x');
    await expect(createSupabaseAuthAdapter(client, undefined).takeReturnedSignIn()).resolves.toBeNull();
    expect(auth.exchangeCodeForSession).not.toHaveBeenCalled();
    expect(here()).toBe('/paymentFail?paymentId=p-1&code=FAILURE_TYPE_PG&message=x');
  });

  it('a refused or used code, or a refusal from the provider, is said to the member and scrubbed', async () => {
    const { client, auth } = fakeSupabase();
    auth.exchangeCodeForSession.mockResolvedValueOnce({ data: { session: null, user: null }, error: new Error('flow_state_not_found') } as never);
    const adapter = createSupabaseAuthAdapter(client, undefined);
    visit('/login?code=used');
    await expect(adapter.takeReturnedSignIn()).rejects.toThrow(KAKAO_RETURN_FAILED);
    visit('/login?error=access_denied&error_description=denied');
    await expect(adapter.takeReturnedSignIn()).rejects.toThrow(KAKAO_RETURN_FAILED);
    expect(here()).toBe('/login');
  });

  it("makes the Naver function's tokens the Supabase session (supabase-js never reads them from the address)", async () => {
    const { client, auth } = fakeSupabase();
    const adapter = createSupabaseAuthAdapter(client, undefined);
    await expect(adapter.adoptSession({ accessToken: 'a', refreshToken: 'r' })).resolves.toMatchObject({ email: 'member@kakao.kr' });
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'a', refresh_token: 'r' });
    auth.setSession.mockResolvedValueOnce({ data: { session: null, user: null }, error: new Error('bad_jwt') } as never);
    await expect(adapter.adoptSession({ accessToken: 'forged', refreshToken: 'r' })).resolves.toBeNull();
  });

  it('signs out of this browser only, so the device that just signed in keeps its session', async () => {
    const { client, auth } = fakeSupabase();
    await createSupabaseAuthAdapter(client, undefined).signOut();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('hands refreshed tokens on after the auth callback returns, never from inside it', async () => {
    vi.useFakeTimers();
    try {
      const { client, emit } = fakeSupabase();
      const heard = vi.fn();
      createSupabaseAuthAdapter(client, undefined).onTokensRefreshed(heard);
      emit('SIGNED_IN', session);
      emit('TOKEN_REFRESHED', { ...session, access_token: 'access-2' } as Session);
      expect(heard).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(heard.mock.calls).toEqual([[{ accessToken: 'access-2', refreshToken: 'refresh-1', userId: 'auth-user-1' }]]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the live supabase-js client', () => {
  const realtime = { transport: class NoRealtime {} as never };
  afterEach(() => localStorage.clear());

  it('does not exchange a `code` on any page by itself, even with a PKCE verifier left in storage', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    localStorage.setItem('sb-127-auth-token-code-verifier', JSON.stringify('verifier'));
    visit('/paymentFail?code=FAILURE_TYPE_PG');
    const supabase = createClient('http://127.0.0.1:54321', 'anon', { auth: LIVE_AUTH_OPTIONS, global: { fetch }, realtime });
    await supabase.auth.getSession();
    expect(fetch).not.toHaveBeenCalled();
    expect(here()).toBe('/paymentFail?code=FAILURE_TYPE_PG');
  });
});
