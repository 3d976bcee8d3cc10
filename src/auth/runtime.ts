import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth';
import type { NaverReturnSearch } from './naverReturn';
import { sessionCheckMachine, type LocalSession } from '../../machines/sessionCheck';
import { config } from '../config';
import { alertDark } from '../lib/popup';
import { getSupabase } from '../session/supabaseClient';
import { readActiveSessionToken, upsertUsersRow } from '../session/usersTable';
import { sessionStore } from './sessionStore';
import { announceLogoutToOtherTabs } from './logoutChannel';
import { checkUserAccount, checkUserPhone, createSnsUser } from './accountApi';
import { isApiError } from '../api/errors';
import { createLocalAuthAdapter, localSignIn } from './localAdapter';
import { createSupabaseAuthAdapter } from './supabaseAdapter';
import type { AuthPort } from './port';
import { devInspector } from './inspector';
import {
  clearAllProductKeys,
  readAccessToken,
  readRememberChoice,
  readSessionToken,
  readSignedInUser,
  saveUser,
  setRememberChoice,
} from './tokenStore';

export interface IdentityDeps {
  navigate: (to: string) => void;
}

/** Said once when the API refuses the session's token (the member left on another device, or the token expired). */
const SESSION_ENDED_MESSAGE = '로그인이 만료되었습니다. 다시 로그인해주세요.';

/** A refused session is the sign-out's to tell (`sessionEnded` below), not a check's. */
const isSessionEnd = (error: unknown) => isApiError(error) && error.sessionEnded;

function inspectLocalSession(): LocalSession {
  const loggedIn = sessionStore.get().user.loggedIn;
  const user = readSignedInUser();
  if (user) return { kind: loggedIn ? 'loggedIn' : 'restorable', useruid: user.useruid, sessionToken: user.sessionToken };
  // The store says logged in, or a stale cookie lingers: both count as logged out.
  if (loggedIn || readAccessToken()) return { kind: 'expired' };
  return { kind: 'none' };
}

/**
 * Wires the identity machines to the real world: auth port, API, users table, cookies, popups,
 * router. Loaded lazily (dynamic import), so xstate and supabase-js stay out of the first paint.
 */
export async function createIdentityRuntime(deps: IdentityDeps) {
  const supabase = await getSupabase();
  const port: AuthPort = config.localMode
    ? createLocalAuthAdapter()
    : createSupabaseAuthAdapter(supabase, config.VITE_NAVER_LOGIN_FUNCTION_URL);
  const inspect = await devInspector();
  const notify = fromPromise<void, { message: string }>(({ input }) => alertDark(input.message));
  // Set once the auth actor exists (its own actors cannot name it in its initializer).
  let signingInToken = (): string => '';

  const auth = createActor(
    authMachine.provide({
      actors: {
        // With the provider's token of the sign-in in progress: only its own account's useruid is answered.
        checkUserAccount: fromPromise(({ input }) => checkUserAccount(input.email, signingInToken())),
        createSnsUser: fromPromise(({ input }) => createSnsUser(input, signingInToken())),
        requestSessionToken: fromPromise(({ input }) => port.requestSessionToken(input)),
        // The token of the sign-in in progress: it is saved to cookies only once this row is written.
        upsertUsersRow: fromPromise(({ input }) => upsertUsersRow(supabase, input, signingInToken())),
        providerSignOut: fromPromise(() => port.signOut()),
        notify,
      },
      actions: {
        saveUser: (_, { user, remember }) => saveUser(user, remember),
        clearStorage: () => clearAllProductKeys(),
        announceLogin: (_, { user }) =>
          sessionStore.setLoggedIn({ email: user.email, useruid: user.useruid, username: user.username }),
        announceLogout: () => {
          sessionStore.setLoggedOut();
          announceLogoutToOtherTabs();
        },
        navigate: (_, { to }) => deps.navigate(to),
      },
    }),
    { inspect },
  ).start();
  signingInToken = () => auth.getSnapshot().context.pending?.accessToken ?? '';

  const sessionCheck = createActor(
    sessionCheckMachine.provide({
      actors: {
        inspectLocalSession: fromPromise(async () => inspectLocalSession()),
        // Checked only for a stored user with a valid access token (inspectLocalSession).
        readActiveSessionToken: fromPromise(({ input }) =>
          readActiveSessionToken(supabase, input.useruid, readAccessToken() ?? ''),
        ),
        checkUserPhone: fromPromise(({ input }) =>
          checkUserPhone(input.useruid).catch((error: unknown) => {
            if (isSessionEnd(error)) return { exists: true, message: '' };
            throw error;
          }),
        ),
        notify,
        logout: fromPromise(async () => {
          auth.send({ type: 'LOGOUT' });
          await waitFor(auth, (s) => s.matches('loggedOut'));
        }),
      },
      actions: {
        restoreUser: () => {
          const user = readSignedInUser();
          if (user) auth.send({ type: 'RESTORED', user });
        },
        dropExpiredUser: () => {
          auth.send({ type: 'DROPPED' });
          clearAllProductKeys();
          sessionStore.setLoggedOut();
        },
        navigate: (_, { to }) => deps.navigate(to),
      },
    }),
    { inspect },
  ).start();

  let ending = false;
  const restored = sessionStore.get().user.loggedIn ? readSignedInUser() : null;
  if (restored) auth.send({ type: 'RESTORED', user: restored });

  async function reportSignIn(report: Awaited<ReturnType<typeof localSignIn>>, remember: boolean, returnTo?: string) {
    auth.send({
      type: 'SIGNED_IN',
      signIn: { ...report, remember, storedSessionToken: readSessionToken(), returnTo },
    });
    await waitFor(auth, (s) => s.matches('loggedIn') || s.matches('loggedOut'));
  }

  return {
    mode: port.mode,
    auth,
    sessionCheck,
    /** Route change: the single-session rule and phone check (spec §4, §5). */
    navigated(pathname: string) {
      sessionCheck.send({ type: 'NAVIGATED', pathname });
    },
    /** Local mode: sign in as a demo member of the reference backend. */
    async signInLocal(email: string, remember: boolean) {
      try {
        const report = await localSignIn(email, remember);
        await reportSignIn(report, remember, '/main');
      } catch (error) {
        await alertDark(error instanceof Error ? error.message : String(error));
      }
    },
    /** Production: start Kakao or Naver sign-in; the auto-login choice survives the redirect. */
    async signInWith(provider: 'kakao' | 'naver', remember: boolean) {
      setRememberChoice(remember);
      try {
        await (provider === 'kakao' ? port.signInWithKakao() : port.signInWithNaver());
      } catch (error) {
        await alertDark(error instanceof Error ? error.message : String(error));
      }
    },
    /** Back from a Kakao OAuth redirect: the provider reports sign-in. */
    async completeOAuthReturn() {
      if (sessionStore.get().user.loggedIn) return;
      const report = await port.takeReturnedSignIn();
      if (report) await reportSignIn(report, readRememberChoice(), '/main');
    },
    /** Back from the Naver server function with ?success=…&useruid=…&email=… (the /login route's search). */
    async naverReturn({ success, useruid, email, name, access_token, refresh_token }: NaverReturnSearch) {
      const tokens = access_token ? null : await port.currentTokens();
      auth.send({
        type: 'NAVER_RETURN',
        naver: {
          success,
          useruid,
          email,
          name,
          accessToken: access_token ?? tokens?.accessToken,
          refreshToken: refresh_token ?? tokens?.refreshToken,
          remember: readRememberChoice(),
        },
      });
      await waitFor(auth, (s) => s.matches('loggedIn') || s.matches('loggedOut'));
    },
    async logout() {
      auth.send({ type: 'LOGOUT' });
      await waitFor(auth, (s) => s.matches('loggedOut'));
    },
    /**
     * The API refused the session's token: sign out (every stored key, /login), then say why, once, however many
     * calls were refused together. A member already logging out (leaving) is not told again.
     */
    async sessionEnded() {
      if (ending || !auth.getSnapshot().matches('loggedIn')) return;
      ending = true;
      try {
        auth.send({ type: 'LOGOUT' });
        await waitFor(auth, (s) => s.matches('loggedOut'));
        await alertDark(SESSION_ENDED_MESSAGE);
      } finally {
        ending = false;
      }
    },
  };
}

export type IdentityRuntime = Awaited<ReturnType<typeof createIdentityRuntime>>;
