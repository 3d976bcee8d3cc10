import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  isCheckSkipped,
  isPhoneCheckSkipped,
  sessionCheckMachine,
  type LocalSession,
  type PhoneCheck,
} from './sessionCheck';
import { OTHER_DEVICE_MESSAGE } from './messages';

interface Fakes {
  local?: LocalSession;
  activeToken?: () => Promise<string | null>;
  phone?: () => Promise<PhoneCheck>;
  notify?: () => Promise<void>;
}

const loggedIn: LocalSession = { kind: 'loggedIn', useruid: 'u-demo-1', sessionToken: 'tok-A' };

function start(fakes: Fakes = {}) {
  const spies = {
    inspectLocalSession: vi.fn(async (): Promise<LocalSession> => fakes.local ?? loggedIn),
    readActiveSessionToken: vi.fn(async (_: { useruid: string }) => (fakes.activeToken ? fakes.activeToken() : 'tok-A')),
    checkUserPhone: vi.fn(async (_: { useruid: string }) => (fakes.phone ? fakes.phone() : { exists: true, message: '' })),
    notify: vi.fn(async (_: { message: string }): Promise<void> => (fakes.notify ? fakes.notify() : undefined)),
    logout: vi.fn(async (): Promise<void> => {}),
    restoreUser: vi.fn(),
    dropExpiredUser: vi.fn(),
    navigate: vi.fn(),
  };
  const machine = sessionCheckMachine.provide({
    actors: {
      inspectLocalSession: fromPromise(() => spies.inspectLocalSession()),
      readActiveSessionToken: fromPromise(({ input }) => spies.readActiveSessionToken(input)),
      checkUserPhone: fromPromise(({ input }) => spies.checkUserPhone(input)),
      notify: fromPromise(({ input }) => spies.notify(input)),
      logout: fromPromise(() => spies.logout()),
    },
    actions: {
      restoreUser: (_, params) => spies.restoreUser(params),
      dropExpiredUser: () => spies.dropExpiredUser(),
      navigate: (_, params) => spies.navigate(params.to),
    },
  });
  const actor = createActor(machine).start();
  return { actor, spies };
}

const backToIdle = (s: { matches: (v: 'idle') => boolean; children: object }) =>
  s.matches('idle') && Object.keys(s.children).length === 0;

async function navigate(actor: ReturnType<typeof start>['actor'], pathname: string) {
  actor.send({ type: 'NAVIGATED', pathname });
  await waitFor(actor, backToIdle);
}

describe('sessionCheck: single-session rule', () => {
  it('same token: session passes, phone checked, nothing shown', async () => {
    const { actor, spies } = start();
    await navigate(actor, '/myclass');
    expect(spies.readActiveSessionToken).toHaveBeenCalledWith({ useruid: 'u-demo-1' });
    expect(spies.checkUserPhone).toHaveBeenCalledWith({ useruid: 'u-demo-1' });
    expect(spies.notify).not.toHaveBeenCalled();
    expect(spies.logout).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('different token: notice, logout, /login', async () => {
    const { actor, spies } = start({ activeToken: async () => 'tok-B' });
    await navigate(actor, '/main');
    expect(spies.notify).toHaveBeenCalledWith({ message: OTHER_DEVICE_MESSAGE });
    expect(OTHER_DEVICE_MESSAGE).toBe('다른 기기에서 로그인되었습니다.');
    expect(spies.logout).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledWith('/login');
    expect(spies.checkUserPhone).not.toHaveBeenCalled();
  });

  it('no row (null token) counts as different', async () => {
    const { actor, spies } = start({ activeToken: async () => null });
    await navigate(actor, '/main');
    expect(spies.notify).toHaveBeenCalledWith({ message: OTHER_DEVICE_MESSAGE });
    expect(spies.logout).toHaveBeenCalled();
  });

  it('a failed read counts as a failed check and goes to /login', async () => {
    const { actor, spies } = start({
      activeToken: async () => {
        throw new Error('network');
      },
    });
    await navigate(actor, '/main');
    expect(spies.notify).toHaveBeenCalledWith({ message: OTHER_DEVICE_MESSAGE });
    expect(spies.logout).toHaveBeenCalled();
    expect(spies.navigate).toHaveBeenCalledWith('/login');
  });

  it('ignores navigations while the notice and logout run', async () => {
    let close!: () => void;
    const { actor, spies } = start({ activeToken: async () => 'tok-B', notify: () => new Promise((r) => (close = r)) });
    actor.send({ type: 'NAVIGATED', pathname: '/main' });
    await waitFor(actor, (s) => s.matches('otherDevice'));
    actor.send({ type: 'NAVIGATED', pathname: '/login' });
    expect(actor.getSnapshot().value).toBe('otherDevice');
    close();
    await waitFor(actor, backToIdle);
    expect(spies.logout).toHaveBeenCalledTimes(1);
    expect(spies.inspectLocalSession).toHaveBeenCalledTimes(1);
  });

  it('a navigation during a check restarts it for the new address', async () => {
    let release!: (v: string) => void;
    let first = true;
    const { actor, spies } = start({
      activeToken: () => (first ? ((first = false), new Promise<string>((r) => (release = r))) : Promise.resolve('tok-A')),
    });
    actor.send({ type: 'NAVIGATED', pathname: '/main' });
    await waitFor(actor, (s) => s.matches('checkingSession'));
    await navigate(actor, '/myprofile');
    release('tok-B'); // the abandoned read must not log the member out
    await Promise.resolve();
    expect(spies.logout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.pathname).toBe('/myprofile');
  });
});

describe('sessionCheck: what this browser holds', () => {
  it('logged out with no valid cookie: nothing is called', async () => {
    const { actor, spies } = start({ local: { kind: 'none' } });
    await navigate(actor, '/main');
    expect(spies.readActiveSessionToken).not.toHaveBeenCalled();
    expect(spies.checkUserPhone).not.toHaveBeenCalled();
  });

  it('logged out but a valid access-token cookie: restore from cookies first, then check', async () => {
    const { actor, spies } = start({ local: { kind: 'restorable', useruid: 'u-demo-1', sessionToken: 'tok-A' } });
    await navigate(actor, '/main');
    expect(spies.restoreUser).toHaveBeenCalledWith({ useruid: 'u-demo-1', sessionToken: 'tok-A' });
    expect(spies.restoreUser.mock.invocationCallOrder[0]!).toBeLessThan(spies.readActiveSessionToken.mock.invocationCallOrder[0]!);
    expect(spies.readActiveSessionToken).toHaveBeenCalled();
  });

  it('expired or undecodable token counts as logged out: local state dropped, no calls', async () => {
    const { actor, spies } = start({ local: { kind: 'expired' } });
    await navigate(actor, '/main');
    expect(spies.dropExpiredUser).toHaveBeenCalledTimes(1);
    expect(spies.readActiveSessionToken).not.toHaveBeenCalled();
  });

  it.each(['/paymentResult', '/paymentSuccess', '/paymentFail', '/paymentResultFree'])('skips every check on %s', async (path) => {
    const { actor, spies } = start({ activeToken: async () => 'tok-B' });
    await navigate(actor, path);
    expect(spies.inspectLocalSession).not.toHaveBeenCalled();
    expect(spies.notify).not.toHaveBeenCalled();
  });
});

describe('sessionCheck: phone check', () => {
  const missing = { exists: false, message: '휴대폰 번호가 등록되지 않았습니다. 회원정보 수정에서 등록해주세요.' };

  it('phone missing: the server message, then /myprofile', async () => {
    const { actor, spies } = start({ phone: async () => missing });
    await navigate(actor, '/myclass');
    expect(spies.notify).toHaveBeenCalledWith({ message: missing.message });
    expect(spies.navigate).toHaveBeenCalledWith('/myprofile');
  });

  it('does not run on /myprofile', async () => {
    const { actor, spies } = start({ phone: async () => missing });
    await navigate(actor, '/myprofile');
    expect(spies.readActiveSessionToken).toHaveBeenCalled();
    expect(spies.checkUserPhone).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('a failing phone check shows its error message and stays', async () => {
    const { actor, spies } = start({
      phone: async () => {
        throw new Error('서버에 연결할 수 없습니다.');
      },
    });
    await navigate(actor, '/main');
    expect(spies.notify).toHaveBeenCalledWith({ message: '서버에 연결할 수 없습니다.' });
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(spies.logout).not.toHaveBeenCalled();
  });
});

describe('route rules', () => {
  it('knows the skipped and phone-exempt routes', () => {
    expect(isCheckSkipped('/paymentSuccess')).toBe(true);
    expect(isCheckSkipped('/payment/1,2')).toBe(false);
    expect(isPhoneCheckSkipped('/myprofile')).toBe(true);
    expect(isPhoneCheckSkipped('/myprofile/')).toBe(true);
    expect(isPhoneCheckSkipped('/mypoint')).toBe(false);
  });
});
