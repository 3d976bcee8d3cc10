import { assign, enqueueActions, setup } from 'xstate';
import { missingActor } from './missingActor';
import { DUPLICATE_EMAIL_MESSAGE } from './messages';
import { lastLoginValue, messageOf, type ProviderSignIn, type SignedInUser, type UsersRow } from './identityTypes';

/** Naver redirect return: query flags as they arrived (spec §4). */
export interface NaverReturn {
  success: string | undefined;
  useruid?: string;
  email?: string;
  name?: string;
  accessToken?: string;
  refreshToken?: string;
  remember: boolean;
}

export type AuthEvent =
  | { type: 'SIGNED_IN'; signIn: ProviderSignIn }
  | { type: 'NAVER_RETURN'; naver: NaverReturn }
  | { type: 'RESTORED'; user: SignedInUser }
  | { type: 'LOGOUT' }
  /** The access token expired or no longer decodes: logged out locally, no provider call. */
  | { type: 'DROPPED' };

export interface AuthContext {
  pending: ProviderSignIn | null;
  useruid: string | null;
  sessionToken: string | null;
  user: SignedInUser | null;
  error: string | null;
  /** Where to go once logged in (the Naver return goes to /main). */
  afterLogin: string | null;
}

const initialContext: AuthContext = {
  pending: null,
  useruid: null,
  sessionToken: null,
  user: null,
  error: null,
  afterLogin: null,
};

/**
 * Login, Naver return and logout (spec §4). Every side effect is a named actor or action that the
 * runtime provides (`machine.provide`) and tests replace with fakes.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    checkUserAccount: missingActor<{ useruid: string | null }, { email: string }>('checkUserAccount'),
    createSnsUser: missingActor<{ useruid: string }, { useruid: string; userid: string; email: string; name: string }>(
      'createSnsUser',
    ),
    requestSessionToken: missingActor<string, { useruid: string; email: string; accessToken: string }>(
      'requestSessionToken',
    ),
    upsertUsersRow: missingActor<void, UsersRow>('upsertUsersRow'),
    providerSignOut: missingActor<void>('providerSignOut'),
    notify: missingActor<void, { message: string }>('notify'),
  },
  actions: {
    saveUser: (_, _params: { user: SignedInUser; remember: boolean }) => {},
    clearStorage: () => {},
    announceLogin: (_, _params: { user: SignedInUser }) => {},
    announceLogout: () => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    accountExists: (_, params: { useruid: string | null }) => Boolean(params.useruid),
    hasStoredSessionToken: ({ context }) => Boolean(context.pending?.storedSessionToken),
    naverSucceeded: (_, params: { naver: NaverReturn }) =>
      params.naver.success === 'true' && Boolean(params.naver.useruid) && Boolean(params.naver.email),
  },
}).createMachine({
  id: 'auth',
  initial: 'loggedOut',
  context: initialContext,
  on: {
    LOGOUT: { target: '.loggingOut' },
  },
  states: {
    loggedOut: {
      on: {
        SIGNED_IN: {
          target: 'checkingAccount',
          actions: assign({
            ...initialContext,
            pending: ({ event }) => event.signIn,
            afterLogin: ({ event }) => event.signIn.returnTo ?? null,
          }),
        },
        NAVER_RETURN: [
          {
            guard: { type: 'naverSucceeded', params: ({ event }) => ({ naver: event.naver }) },
            target: 'requestingToken',
            actions: assign(({ event }) => ({
              ...initialContext,
              pending: {
                email: event.naver.email ?? '',
                name: event.naver.name || event.naver.email || '',
                providerUserId: event.naver.useruid ?? '',
                accessToken: event.naver.accessToken ?? '',
                refreshToken: event.naver.refreshToken ?? '',
                remember: event.naver.remember,
              },
              useruid: event.naver.useruid ?? null,
              afterLogin: '/main',
            })),
          },
          { target: 'failed', actions: assign({ ...initialContext, error: DUPLICATE_EMAIL_MESSAGE }) },
        ],
        RESTORED: {
          target: 'loggedIn',
          actions: [
            assign({ ...initialContext, user: ({ event }) => event.user }),
            { type: 'announceLogin', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
    checkingAccount: {
      invoke: {
        src: 'checkUserAccount',
        input: ({ context }) => ({ email: context.pending?.email ?? '' }),
        onDone: [
          {
            guard: { type: 'accountExists', params: ({ event }) => ({ useruid: event.output.useruid }) },
            target: 'obtainingToken',
            actions: assign({ useruid: ({ event }) => event.output.useruid }),
          },
          { target: 'creatingUser' },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, '계정을 확인하지 못했습니다.') }),
        },
      },
    },
    creatingUser: {
      invoke: {
        src: 'createSnsUser',
        input: ({ context }) => {
          const p = context.pending;
          return { useruid: p?.providerUserId ?? '', userid: p?.email ?? '', email: p?.email ?? '', name: p?.name ?? '' };
        },
        onDone: {
          target: 'obtainingToken',
          actions: assign({ useruid: ({ event }) => event.output.useruid }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, '회원가입에 실패했습니다.') }),
        },
      },
    },
    obtainingToken: {
      always: [
        {
          guard: 'hasStoredSessionToken',
          target: 'recordingLogin',
          actions: assign({ sessionToken: ({ context }) => context.pending?.storedSessionToken ?? null }),
        },
        { target: 'requestingToken' },
      ],
    },
    requestingToken: {
      invoke: {
        src: 'requestSessionToken',
        input: ({ context }) => ({
          useruid: context.useruid ?? '',
          email: context.pending?.email ?? '',
          accessToken: context.pending?.accessToken ?? '',
        }),
        onDone: {
          target: 'recordingLogin',
          actions: assign({ sessionToken: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, '세션을 만들지 못했습니다.') }),
        },
      },
    },
    recordingLogin: {
      invoke: {
        src: 'upsertUsersRow',
        input: ({ context }) => ({
          id: context.useruid ?? '',
          last_login: lastLoginValue(new Date()),
          active_session_token: context.sessionToken ?? '',
        }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({
              user: ({ context }) => ({
                accessToken: context.pending?.accessToken ?? '',
                refreshToken: context.pending?.refreshToken ?? '',
                sessionToken: context.sessionToken ?? '',
                email: context.pending?.email ?? '',
                useruid: context.useruid ?? '',
                username: context.pending?.name || context.pending?.email || '',
              }),
            }),
            {
              type: 'saveUser',
              params: ({ context }) => ({ user: context.user!, remember: context.pending?.remember ?? false }),
            },
            { type: 'announceLogin', params: ({ context }) => ({ user: context.user! }) },
          ],
        },
        // Any failure saving the user record counts as a duplicate-email conflict (spec §5).
        onError: { target: 'failed', actions: assign({ error: DUPLICATE_EMAIL_MESSAGE }) },
      },
    },
    failed: {
      invoke: {
        src: 'notify',
        input: ({ context }) => ({ message: context.error ?? DUPLICATE_EMAIL_MESSAGE }),
        onDone: { target: 'loggedOut' },
        onError: { target: 'loggedOut' },
      },
    },
    loggedIn: {
      on: {
        DROPPED: { target: 'loggedOut', actions: ['clearStorage', 'announceLogout'] },
      },
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.afterLogin) enqueue({ type: 'navigate', params: { to: context.afterLogin } });
        enqueue.assign({ pending: null, afterLogin: null });
      }),
    },
    loggingOut: {
      invoke: {
        src: 'providerSignOut',
        onDone: { target: 'loggedOut', actions: ['clearStorage', 'announceLogout', { type: 'navigate', params: { to: '/login' } }] },
        // The member is logged out here even when the provider could not be reached.
        onError: { target: 'loggedOut', actions: ['clearStorage', 'announceLogout', { type: 'navigate', params: { to: '/login' } }] },
      },
      exit: assign(initialContext),
    },
  },
});
