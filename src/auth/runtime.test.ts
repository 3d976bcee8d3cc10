// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Session, SupabaseClient } from '@supabase/supabase-js';

function jwt(sub: string, exp: number = Date.now() / 1000 + 3600): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'ES256' })}.${b64({ sub, exp, email: 'legacy@demo.kr' })}.sig`;
}

const AUTH_ID = '0b6c3d2e-0000-4000-8000-000000000001';
const session = (accessToken: string, refreshToken = 'refresh-1') =>
  ({ access_token: accessToken, refresh_token: refreshToken, user: { id: AUTH_ID, email: 'legacy@demo.kr', user_metadata: {} } }) as unknown as Session;

const world = vi.hoisted(() => ({
  auth: {} as Record<string, ReturnType<typeof vi.fn>>,
}));

vi.mock('../config', async (original) => {
  const real = (await original()) as { config: object };
  return { config: { ...real.config, localMode: false } };
});
vi.mock('../session/supabaseClient', () => ({ getSupabase: async () => ({ auth: world.auth }) as unknown as SupabaseClient }));
vi.mock('../session/usersTable', () => ({ upsertUsersRow: vi.fn(async () => {}), readActiveSessionToken: vi.fn(async () => 'session-1') }));
vi.mock('./accountApi', () => ({
  // A demo or imported account: its useruid is not the auth user's id.
  checkUserAccount: vi.fn(async () => ({ useruid: 'u-legacy-1' })),
  createSnsUser: vi.fn(),
  checkUserPhone: vi.fn(async () => ({ exists: true, message: '' })),
  loginSubmit: vi.fn(async () => 'session-1'),
}));
vi.mock('../lib/popup', () => ({ alertDark: vi.fn(async () => {}) }));

const { createIdentityRuntime } = await import('./runtime');
const usersTable = await import('../session/usersTable');
const { alertDark } = await import('../lib/popup');
const { readUser, clearAllProductKeys, saveUser } = await import('./tokenStore');
const { sessionStore } = await import('./sessionStore');

function supabaseAuth() {
  return {
    setSession: vi.fn(async ({ access_token, refresh_token }: { access_token: string; refresh_token: string }) => ({
      data: { session: session(access_token, refresh_token) },
      error: null,
    })),
    getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    refreshSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe() {} } } })),
    signOut: vi.fn(async () => ({ error: null })),
    exchangeCodeForSession: vi.fn(),
  };
}

function signedInLegacyMember(accessToken: string) {
  saveUser({ accessToken, refreshToken: 'refresh-1', sessionToken: 'session-1', email: 'legacy@demo.kr', useruid: 'u-legacy-1', username: '레거시' }, false);
  sessionStore.setLoggedIn({ email: 'legacy@demo.kr', useruid: 'u-legacy-1', username: '레거시' });
}

describe('the identity runtime in Supabase mode', () => {
  beforeEach(() => {
    clearAllProductKeys();
    sessionStore.setLoggedOut();
    world.auth = supabaseAuth();
    vi.mocked(usersTable.upsertUsersRow).mockClear();
    vi.mocked(usersTable.readActiveSessionToken).mockClear();
    vi.mocked(alertDark).mockClear();
  });

  it("Naver's return: tokens leave the address first, become the Supabase session, and the account is checked", async () => {
    const order: string[] = [];
    const navigate = vi.fn();
    const replace = vi.fn((href: string) => order.push(`replace ${href}`));
    world.auth.setSession!.mockImplementationOnce(async ({ access_token, refresh_token }) => {
      order.push('setSession');
      return { data: { session: session(access_token, refresh_token) }, error: null };
    });
    const identity = await createIdentityRuntime({ navigate, replace });
    const token = jwt(AUTH_ID);
    await identity.naverReturn({ success: 'true', useruid: AUTH_ID, email: 'legacy@demo.kr', name: '네이버', access_token: token, refresh_token: 'r-1' });
    expect(order).toEqual(['replace /login', 'setSession']);
    // The legacy account keeps its useruid; the users-table row is the auth user's, as RLS requires.
    expect(readUser()).toMatchObject({ useruid: 'u-legacy-1', accessToken: token, refreshToken: 'r-1', username: '네이버' });
    expect(vi.mocked(usersTable.upsertUsersRow).mock.calls[0]?.[1]).toMatchObject({ id: AUTH_ID, active_session_token: 'session-1' });
    expect(navigate).toHaveBeenCalledWith('/main');
  });

  it("Naver tokens the auth service refuses sign nobody in and say so", async () => {
    world.auth.setSession!.mockResolvedValueOnce({ data: { session: null }, error: new Error('bad_jwt') });
    const identity = await createIdentityRuntime({ navigate: vi.fn(), replace: vi.fn() });
    await identity.naverReturn({ success: 'true', useruid: AUTH_ID, email: 'x@y.kr', access_token: 'forged', refresh_token: 'r' });
    expect(alertDark).toHaveBeenCalledWith('네이버 로그인을 완료하지 못했습니다. 다시 시도해주세요.');
    expect(readUser()).toEqual({});
  });

  it('the single-session check reads the auth user\'s row, with a token refreshed after it expired mid-visit', async () => {
    signedInLegacyMember(jwt(AUTH_ID, Date.now() / 1000 - 5));
    const fresh = jwt(AUTH_ID);
    world.auth.getSession!.mockResolvedValue({ data: { session: session(fresh, 'refresh-2') }, error: null });
    const identity = await createIdentityRuntime({ navigate: vi.fn() });
    identity.navigated('/mypage');
    await waitFor(identity.sessionCheck, (s) => s.matches('idle') && vi.mocked(usersTable.readActiveSessionToken).mock.calls.length > 0);
    expect(vi.mocked(usersTable.readActiveSessionToken).mock.calls[0]?.slice(1)).toEqual([AUTH_ID, fresh]);
    expect(readUser()).toMatchObject({ accessToken: fresh, refreshToken: 'refresh-2', useruid: 'u-legacy-1' });
    expect(identity.auth.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('a 401 from the API is retried with one refresh; refused again with the fresh token, the session has ended', async () => {
    const first = jwt(AUTH_ID);
    signedInLegacyMember(first);
    const fresh = jwt(AUTH_ID, Date.now() / 1000 + 7200);
    world.auth.refreshSession!.mockResolvedValue({ data: { session: session(fresh, 'refresh-2') }, error: null });
    const identity = await createIdentityRuntime({ navigate: vi.fn() });
    // Calls refused together share the one refresh, and each hears the session goes on (the client replays them).
    expect(await Promise.all([identity.sessionEnded(), identity.sessionEnded()])).toEqual([true, true]);
    expect(world.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect([identity.auth.getSnapshot().matches('loggedIn'), readUser().accessToken]).toEqual([true, fresh]);
    expect(await identity.sessionEnded()).toBe(false);
    expect(identity.auth.getSnapshot().matches('loggedOut')).toBe(true);
    expect(world.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(readUser()).toEqual({});
  });
});
