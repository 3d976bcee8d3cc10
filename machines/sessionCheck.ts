import { assign, setup } from 'xstate';
import { missingActor } from './missingActor';
import { OTHER_DEVICE_MESSAGE } from './messages';
import { messageOf } from './identityTypes';

/** What this browser holds, as the runtime reads it from the store and the cookies. */
export type LocalSession =
  /** The store says logged in and the access token is still valid. */
  | { kind: 'loggedIn'; useruid: string; sessionToken: string }
  /** The store says logged out but a valid access-token cookie exists: restore, then check. */
  | { kind: 'restorable'; useruid: string; sessionToken: string }
  /** The store says logged in but the token expired or does not decode: counts as logged out. */
  | { kind: 'expired' }
  | { kind: 'none' };

export interface PhoneCheck {
  exists: boolean;
  message: string;
}

export interface SessionCheckContext {
  pathname: string;
  useruid: string | null;
  sessionToken: string | null;
  message: string | null;
}

export type SessionCheckEvent = { type: 'NAVIGATED'; pathname: string };

/** Sign-in checks are skipped on payment result, success and fail routes (spec §4). */
export function isCheckSkipped(pathname: string): boolean {
  return /paymentResult|paymentSuccess|paymentFail/.test(pathname);
}

/** The phone check runs on every route change except /myprofile (spec §5). */
export function isPhoneCheckSkipped(pathname: string): boolean {
  return /^\/myprofile\/?$/.test(pathname);
}

const navigated = {
  NAVIGATED: [
    { guard: 'skippedRoute', target: '#sessionCheck.idle', actions: 'rememberPath' },
    { target: '#sessionCheck.inspecting', reenter: true, actions: 'rememberPath' },
  ],
} as const;

/**
 * Per-navigation single-session rule and phone check (spec §4, §5). Navigations during a check
 * restart it; navigations while the "other device" notice and logout run are ignored.
 */
export const sessionCheckMachine = setup({
  types: {
    context: {} as SessionCheckContext,
    events: {} as SessionCheckEvent,
  },
  actors: {
    inspectLocalSession: missingActor<LocalSession>('inspectLocalSession'),
    readActiveSessionToken: missingActor<string | null, { useruid: string }>('readActiveSessionToken'),
    checkUserPhone: missingActor<PhoneCheck, { useruid: string }>('checkUserPhone'),
    notify: missingActor<void, { message: string }>('notify'),
    logout: missingActor<void>('logout'),
  },
  actions: {
    rememberPath: assign({ pathname: ({ event }) => event.pathname }),
    restoreUser: (_, _params: { useruid: string; sessionToken: string }) => {},
    dropExpiredUser: () => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    skippedRoute: ({ event }) => isCheckSkipped(event.pathname),
    phoneCheckSkipped: ({ context }) => isPhoneCheckSkipped(context.pathname),
  },
}).createMachine({
  id: 'sessionCheck',
  initial: 'idle',
  context: { pathname: '/', useruid: null, sessionToken: null, message: null },
  states: {
    idle: { on: navigated },
    inspecting: {
      on: navigated,
      invoke: {
        src: 'inspectLocalSession',
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'loggedIn',
            target: 'checkingSession',
            actions: assign(({ event }) =>
              event.output.kind === 'loggedIn'
                ? { useruid: event.output.useruid, sessionToken: event.output.sessionToken }
                : {},
            ),
          },
          {
            guard: ({ event }) => event.output.kind === 'restorable',
            target: 'checkingSession',
            actions: [
              assign(({ event }) =>
                event.output.kind === 'restorable'
                  ? { useruid: event.output.useruid, sessionToken: event.output.sessionToken }
                  : {},
              ),
              {
                type: 'restoreUser',
                params: ({ context }) => ({ useruid: context.useruid ?? '', sessionToken: context.sessionToken ?? '' }),
              },
            ],
          },
          { guard: ({ event }) => event.output.kind === 'expired', target: 'idle', actions: 'dropExpiredUser' },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    checkingSession: {
      on: navigated,
      invoke: {
        src: 'readActiveSessionToken',
        input: ({ context }) => ({ useruid: context.useruid ?? '' }),
        onDone: [
          { guard: ({ context, event }) => event.output === context.sessionToken, target: 'phoneGate' },
          { target: 'otherDevice' },
        ],
        // A failed read counts as a failed check (spec §4).
        onError: { target: 'otherDevice' },
      },
    },
    phoneGate: {
      always: [{ guard: 'phoneCheckSkipped', target: 'idle' }, { target: 'checkingPhone' }],
    },
    checkingPhone: {
      on: navigated,
      invoke: {
        src: 'checkUserPhone',
        input: ({ context }) => ({ useruid: context.useruid ?? '' }),
        onDone: [
          {
            guard: ({ event }) => !event.output.exists,
            target: 'phoneMissing',
            actions: assign({ message: ({ event }) => event.output.message }),
          },
          { target: 'idle' },
        ],
        onError: {
          target: 'phoneCheckFailed',
          actions: assign({ message: ({ event }) => messageOf(event.error, '휴대폰 번호를 확인하지 못했습니다.') }),
        },
      },
    },
    phoneMissing: {
      invoke: {
        src: 'notify',
        input: ({ context }) => ({ message: context.message ?? '' }),
        onDone: { target: 'idle', actions: { type: 'navigate', params: { to: '/myprofile' } } },
        onError: { target: 'idle', actions: { type: 'navigate', params: { to: '/myprofile' } } },
      },
    },
    phoneCheckFailed: {
      on: navigated,
      invoke: {
        src: 'notify',
        input: ({ context }) => ({ message: context.message ?? '' }),
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
    },
    otherDevice: {
      invoke: {
        src: 'notify',
        input: { message: OTHER_DEVICE_MESSAGE },
        onDone: { target: 'loggingOut' },
        onError: { target: 'loggingOut' },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'idle', actions: { type: 'navigate', params: { to: '/login' } } },
        onError: { target: 'idle', actions: { type: 'navigate', params: { to: '/login' } } },
      },
      exit: assign({ useruid: null, sessionToken: null }),
    },
  },
});
