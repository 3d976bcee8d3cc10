import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type NaverReturn } from './auth';
import type { ProviderSignIn, SignedInUser, UsersRow } from './identityTypes';
import { lastLoginValue } from './identityTypes';
import { DUPLICATE_EMAIL_MESSAGE } from './messages';

const signIn: ProviderSignIn = {
  email: 'member@demo.kr',
  name: '김필라',
  providerUserId: 'kakao-77',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  remember: true,
};

interface Fakes {
  checkUserAccount?: (input: { email: string }) => Promise<{ useruid: string | null }>;
  createSnsUser?: (input: { useruid: string; userid: string; email: string; name: string }) => Promise<{ useruid: string }>;
  requestSessionToken?: (input: { useruid: string; email: string; accessToken: string }) => Promise<string>;
  upsertUsersRow?: (input: UsersRow) => Promise<void>;
  providerSignOut?: () => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const spies = {
    checkUserAccount: vi.fn(fakes.checkUserAccount ?? (async () => ({ useruid: 'u-demo-1' }))),
    createSnsUser: vi.fn(fakes.createSnsUser ?? (async (i: { useruid: string }) => ({ useruid: i.useruid }))),
    requestSessionToken: vi.fn(fakes.requestSessionToken ?? (async () => 'session-new')),
    upsertUsersRow: vi.fn(fakes.upsertUsersRow ?? (async () => undefined)),
    providerSignOut: vi.fn(fakes.providerSignOut ?? (async () => undefined)),
    notify: vi.fn(async (_: { message: string }) => undefined),
    saveUser: vi.fn(),
    clearStorage: vi.fn(),
    announceLogin: vi.fn(),
    announceLogout: vi.fn(),
    navigate: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      checkUserAccount: fromPromise(({ input }) => spies.checkUserAccount(input)),
      createSnsUser: fromPromise(({ input }) => spies.createSnsUser(input)),
      requestSessionToken: fromPromise(({ input }) => spies.requestSessionToken(input)),
      upsertUsersRow: fromPromise(({ input }) => spies.upsertUsersRow(input)),
      providerSignOut: fromPromise(() => spies.providerSignOut()),
      notify: fromPromise(({ input }) => spies.notify(input)),
    },
    actions: {
      saveUser: (_, params) => spies.saveUser(params),
      clearStorage: () => spies.clearStorage(),
      announceLogin: (_, params) => spies.announceLogin(params),
      announceLogout: () => spies.announceLogout(),
      navigate: (_, params) => spies.navigate(params.to),
    },
  });
  const actor = createActor(machine).start();
  return { actor, spies };
}

const settled = (s: { matches: (v: 'loggedIn' | 'loggedOut') => boolean; children: object }) =>
  (s.matches('loggedIn') || s.matches('loggedOut')) && Object.keys(s.children).length === 0;

describe('auth machine: login', () => {
  it('starts logged out', () => {
    expect(start().actor.getSnapshot().value).toBe('loggedOut');
  });

  it('existing account: check by email → stored useruid → new token → upsert → logged in and announced', async () => {
    const { actor, spies } = start();
    const before = Date.now();
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.checkUserAccount).toHaveBeenCalledWith({ email: 'member@demo.kr' });
    expect(spies.createSnsUser).not.toHaveBeenCalled();
    expect(spies.requestSessionToken).toHaveBeenCalledWith({ useruid: 'u-demo-1', email: 'member@demo.kr', accessToken: 'access-1' });
    const row = spies.upsertUsersRow.mock.calls[0]![0];
    expect(row.id).toBe('u-demo-1');
    expect(row.active_session_token).toBe('session-new');
    const lastLogin = Date.parse(`${row.last_login}Z`);
    expect(lastLogin - before).toBeGreaterThanOrEqual(9 * 3600_000 - 1000);
    expect(lastLogin - Date.now()).toBeLessThanOrEqual(9 * 3600_000 + 1000);
    const user: SignedInUser = {
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      sessionToken: 'session-new',
      email: 'member@demo.kr',
      useruid: 'u-demo-1',
      username: '김필라',
    };
    expect(spies.saveUser).toHaveBeenCalledWith({ user, remember: true });
    expect(spies.announceLogin).toHaveBeenCalledWith({ user });
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(spies.notify).not.toHaveBeenCalled();
  });

  it('reuses the session token from storage instead of requesting one', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'SIGNED_IN', signIn: { ...signIn, storedSessionToken: 'session-stored' } });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.requestSessionToken).not.toHaveBeenCalled();
    expect(spies.upsertUsersRow.mock.calls[0]![0].active_session_token).toBe('session-stored');
  });

  it('a new token replaces the previous one on every login that creates one', async () => {
    let n = 0;
    const { actor, spies } = start({ requestSessionToken: async () => `session-${++n}` });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.upsertUsersRow.mock.calls.map((c) => c[0].active_session_token)).toEqual(['session-1', 'session-2']);
    expect(actor.getSnapshot().context.user?.sessionToken).toBe('session-2');
  });

  it('new account: creates the social user with useruid, userid, email, name', async () => {
    const { actor, spies } = start({ checkUserAccount: async () => ({ useruid: null }) });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.createSnsUser).toHaveBeenCalledWith({ useruid: 'kakao-77', userid: 'member@demo.kr', email: 'member@demo.kr', name: '김필라' });
    expect(spies.upsertUsersRow.mock.calls[0]![0].id).toBe('kakao-77');
  });

  it('social user creation failure shows the server respMessage and stays logged out', async () => {
    const { actor, spies } = start({
      checkUserAccount: async () => ({ useruid: null }),
      createSnsUser: async () => {
        throw new Error('이미 사용 중인 아이디입니다.');
      },
    });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.notify).toHaveBeenCalledWith({ message: '이미 사용 중인 아이디입니다.' });
    expect(spies.requestSessionToken).not.toHaveBeenCalled();
    expect(spies.saveUser).not.toHaveBeenCalled();
    expect(spies.announceLogin).not.toHaveBeenCalled();
  });

  it('account check failure shows its message', async () => {
    const { actor, spies } = start({
      checkUserAccount: async () => {
        throw new Error('서버에 연결할 수 없습니다.');
      },
    });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.notify).toHaveBeenCalledWith({ message: '서버에 연결할 수 없습니다.' });
  });

  it('session-token request failure shows its error text', async () => {
    const { actor, spies } = start({
      requestSessionToken: async () => {
        throw new Error('세션 토큰을 발급하지 못했습니다.');
      },
    });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.notify).toHaveBeenCalledWith({ message: '세션 토큰을 발급하지 못했습니다.' });
    expect(spies.upsertUsersRow).not.toHaveBeenCalled();
  });

  it('any failure saving the users row is the duplicate-email message', async () => {
    const { actor, spies } = start({
      upsertUsersRow: async () => {
        throw new Error('permission denied for table users');
      },
    });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.notify).toHaveBeenCalledWith({ message: DUPLICATE_EMAIL_MESSAGE });
    expect(DUPLICATE_EMAIL_MESSAGE).toBe('동일한 이메일로 가입된 사용자가 있습니다.');
    expect(spies.saveUser).not.toHaveBeenCalled();
  });

  it('goes to returnTo once logged in, and nowhere without it', async () => {
    const a = start();
    a.actor.send({ type: 'SIGNED_IN', signIn: { ...signIn, returnTo: '/main' } });
    await waitFor(a.actor, (s) => s.matches('loggedIn'));
    expect(a.spies.navigate).toHaveBeenCalledWith('/main');
    const b = start();
    b.actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(b.actor, (s) => s.matches('loggedIn'));
    expect(b.spies.navigate).not.toHaveBeenCalled();
  });

  it('ignores a second provider report while logged in', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'SIGNED_IN', signIn });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(spies.checkUserAccount).toHaveBeenCalledTimes(1);
  });

  it('RESTORED (user rebuilt from cookies) is logged in without any call', () => {
    const { actor, spies } = start();
    const user: SignedInUser = { accessToken: 'a', refreshToken: 'r', sessionToken: 's', email: 'e', useruid: 'u', username: 'n' };
    actor.send({ type: 'RESTORED', user });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(spies.announceLogin).toHaveBeenCalledWith({ user });
    expect(spies.checkUserAccount).not.toHaveBeenCalled();
  });
});

describe('auth machine: Naver return', () => {
  const naver = (over: Partial<NaverReturn>): NaverReturn => ({
    success: 'true',
    useruid: 'u-naver-1',
    email: 'naver@demo.kr',
    name: '네이버회원',
    accessToken: 'access-n',
    remember: false,
    ...over,
  });

  it('success=true with useruid and email: token request, save, /main', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'NAVER_RETURN', naver: naver({}) });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.checkUserAccount).not.toHaveBeenCalled();
    expect(spies.requestSessionToken).toHaveBeenCalledWith({ useruid: 'u-naver-1', email: 'naver@demo.kr', accessToken: 'access-n' });
    expect(spies.saveUser).toHaveBeenCalledWith({
      user: expect.objectContaining({ useruid: 'u-naver-1', email: 'naver@demo.kr', username: '네이버회원', sessionToken: 'session-new' }),
      remember: false,
    });
    expect(spies.navigate).toHaveBeenCalledWith('/main');
  });

  it.each([
    ['false', naver({ success: 'false' })],
    ['missing flag', naver({ success: undefined })],
    ['TRUE (not exactly true)', naver({ success: 'TRUE' })],
    ['no useruid', naver({ useruid: undefined })],
    ['no email', naver({ email: '' })],
  ])('any other flag value (%s) shows the duplicate-email message', async (_, value) => {
    const { actor, spies } = start();
    actor.send({ type: 'NAVER_RETURN', naver: value });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.notify).toHaveBeenCalledWith({ message: '동일한 이메일로 가입된 사용자가 있습니다.' });
    expect(spies.requestSessionToken).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });
});

describe('auth machine: logout', () => {
  async function loggedIn(fakes: Fakes = {}) {
    const started = start(fakes);
    started.actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(started.actor, (s) => s.matches('loggedIn'));
    return started;
  }

  it('signs out of the provider, clears storage, goes to /login, logged out', async () => {
    const { actor, spies } = await loggedIn();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.providerSignOut).toHaveBeenCalledTimes(1);
    expect(spies.clearStorage).toHaveBeenCalledTimes(1);
    expect(spies.announceLogout).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenLastCalledWith('/login');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('still logs out locally when the provider sign-out fails', async () => {
    const { actor, spies } = await loggedIn({
      providerSignOut: async () => {
        throw new Error('offline');
      },
    });
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.clearStorage).toHaveBeenCalled();
    expect(spies.navigate).toHaveBeenLastCalledWith('/login');
  });

  it('LOGOUT is honoured from any state (e.g. mid-login)', async () => {
    const { actor, spies } = start({ checkUserAccount: () => new Promise(() => {}) });
    actor.send({ type: 'SIGNED_IN', signIn });
    expect(actor.getSnapshot().value).toBe('checkingAccount');
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => settled(s) && s.matches('loggedOut'));
    expect(spies.clearStorage).toHaveBeenCalled();
  });
});

describe('auth machine: dropped token', () => {
  it('DROPPED while logged in clears storage and announces logout without provider or navigation', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'DROPPED' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(spies.clearStorage).toHaveBeenCalledTimes(1);
    expect(spies.announceLogout).toHaveBeenCalledTimes(1);
    expect(spies.providerSignOut).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });
  it('a new sign-in is accepted after DROPPED', async () => {
    const { actor, spies } = start();
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'DROPPED' });
    actor.send({ type: 'SIGNED_IN', signIn });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(spies.checkUserAccount).toHaveBeenCalledTimes(2);
  });
});

describe('lastLoginValue', () => {
  it('is now plus 9 hours, ISO text without zone', () => {
    expect(lastLoginValue(new Date('2024-05-01T00:30:00.000Z'))).toBe('2024-05-01T09:30:00.000');
    expect(lastLoginValue(new Date('2024-12-31T20:00:00.000Z'))).toBe('2025-01-01T05:00:00.000');
  });
});
