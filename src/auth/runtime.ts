import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth';
import type { NaverReturnSearch } from './naverReturn';
import { sessionCheckMachine, type LocalSession } from '../../machines/sessionCheck';
import { config } from '../config';
import { alertDark } from '../lib/popup';
import { getSupabase } from '../session/supabaseClient';
import { afterFirstFrame } from '../lib/firstFrameHold';
import { readActiveSessionToken, upsertUsersRow } from '../session/usersTable';
import { sessionStore } from './sessionStore';
import { announceLogoutToOtherTabs } from './announceLogout';
import { checkUserAccount, checkUserPhone, createSnsUser } from './accountApi';
import { isApiError } from '../api/errors';
import { createLocalAuthAdapter, localSignIn } from './localAdapter';
import { createSupabaseAuthAdapter, LOGIN_PATH } from './supabaseAdapter';
import type { AuthPort } from './port';
import { accessTokenSubject } from './accessTokenSubject';
import { devInspector } from './inspector';
import { takeReturnPath } from './returnPath';
import {
  clearAllProductKeys,
  readAccessToken,
  readRememberChoice,
  readSessionToken,
  readSignedInUser,
  saveRefreshedTokens,
  saveUser,
  setRememberChoice,
} from './tokenStore';

export interface IdentityDeps {
  navigate: (to: string) => void;
  /** Rewrites the current address without a new history entry (tokens and codes never stay in history). */
  replace?: (href: string) => void;
}

/** The Naver function's tokens were refused by the auth service (forged, signed out, or too old). */
export const NAVER_RETURN_FAILED = '네이버 로그인을 완료하지 못했습니다. 다시 시도해주세요.';

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
  // On the player, supabase-js comes after the video's first frame (at most 3 s later).
  await afterFirstFrame();
  const supabase = await getSupabase();
  const port: AuthPort = config.localMode
    ? createLocalAuthAdapter()
    : createSupabaseAuthAdapter(supabase, config.VITE_NAVER_LOGIN_FUNCTION_URL, deps.replace);
  const supabaseMode = port.mode === 'supabase';
  /**
   * The users table's row is the auth user's (RLS: id = auth.uid(), the token's `sub`). An account created by
   * CreateSNSUser has useruid = sub; a demo or imported account keeps its own useruid, so in Supabase mode the row
   * is keyed by the token's subject (docs/decisions.md "Live sign-in in the app").
   */
  const usersRowId = (useruid: string, accessToken: string) =>
    (supabaseMode ? accessTokenSubject(accessToken) : undefined) ?? useruid;

  /**
   * The provider session's tokens into the member's cookies (refreshed first when expired or nearly). Only when
   * they are the stored member's own: true when the cookies now hold them.
   */
  async function syncProviderTokens(force = false): Promise<boolean> {
    const stored = readAccessToken();
    if (!supabaseMode || !stored) return false;
    const tokens = await port.freshTokens(force);
    if (!tokens || tokens.userId !== accessTokenSubject(stored)) return false;
    saveRefreshedTokens(tokens.accessToken, tokens.refreshToken);
    return true;
  }
  port.onTokensRefreshed((tokens) => {
    if (tokens.userId === accessTokenSubject(readAccessToken())) saveRefreshedTokens(tokens.accessToken, tokens.refreshToken);
  });
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
        upsertUsersRow: fromPromise(({ input }) =>
          upsertUsersRow(supabase, { ...input, id: usersRowId(input.id, signingInToken()) }, signingInToken()),
        ),
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
        // A token that expired while the tab slept is refreshed first, so the member stays where they are.
        inspectLocalSession: fromPromise(async () => {
          await syncProviderTokens().catch(() => false);
          return inspectLocalSession();
        }),
        // Checked only for a stored user with a valid access token (inspectLocalSession).
        readActiveSessionToken: fromPromise(({ input }) => {
          const token = readAccessToken() ?? '';
          return readActiveSessionToken(supabase, usersRowId(input.useruid, token), token);
        }),
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

  /** The answer to the calls refused together (sessionEnded). */
  let deciding: Promise<boolean> | undefined;
  /** The token a refusal's refresh produced: refused again, the session has really ended. */
  let refreshedAfterRefusal: string | undefined;
  async function decideRefusal(): Promise<boolean> {
    if (!auth.getSnapshot().matches('loggedIn')) return false;
    const refused = readAccessToken();
    if (refused !== refreshedAfterRefusal && (await syncProviderTokens(true).catch(() => false))) {
      refreshedAfterRefusal = readAccessToken();
      return true;
    }
    auth.send({ type: 'LOGOUT' });
    await waitFor(auth, (s) => s.matches('loggedOut'));
    // Said once (the member is logged out now); the refused calls do not wait for the popup to close.
    void alertDark(SESSION_ENDED_MESSAGE);
    return false;
  }
  // A token that expired while the page was closed or asleep is refreshed before the stored member is read.
  await syncProviderTokens().catch(() => false);
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
        await reportSignIn(report, remember, takeReturnPath() ?? '/main');
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
      try {
        const report = await port.takeReturnedSignIn();
        if (report) await reportSignIn(report, readRememberChoice(), takeReturnPath() ?? '/main');
      } catch (error) {
        await alertDark(error instanceof Error ? error.message : String(error));
      }
    },
    /** Back from the Naver server function with ?success=…&useruid=…&email=… (the /login route's search). */
    async naverReturn({ success, useruid, email, name, access_token, refresh_token }: NaverReturnSearch) {
      // Tokens leave the address (and so the history) before anything else happens; a return without any is left as
      // it came.
      if (access_token || refresh_token) deps.replace?.(LOGIN_PATH);
      const remember = readRememberChoice();
      // Spec §4: a Naver return goes to /main; from there on to the page the visitor signed in from, if any.
      const returnTo = takeReturnPath();
      const goOn = () => {
        if (returnTo && auth.getSnapshot().matches('loggedIn')) deps.navigate(returnTo);
      };
      if (supabaseMode && success === 'true' && access_token && refresh_token) {
        // supabase-js in PKCE mode never reads tokens from the address: they become its session here, checked by
        // the auth service. Then the spec's sign-in runs as for Kakao: the account is checked by the verified
        // email (a first Naver sign-in has none yet), so a demo or imported account keeps its own useruid.
        const report = await port.adoptSession({ accessToken: access_token, refreshToken: refresh_token });
        if (!report) return alertDark(NAVER_RETURN_FAILED);
        await reportSignIn({ ...report, name: name || report.name }, remember, '/main');
        return goOn();
      }
      auth.send({
        type: 'NAVER_RETURN',
        naver: { success, useruid, email, name, accessToken: access_token, refreshToken: refresh_token, remember },
      });
      await waitFor(auth, (s) => s.matches('loggedIn') || s.matches('loggedOut'));
      goOn();
    },
    async logout() {
      auth.send({ type: 'LOGOUT' });
      await waitFor(auth, (s) => s.matches('loggedOut'));
    },
    /**
     * The API refused the session's token. Supabase mode: it may just have expired; one refresh, and the session goes
     * on (true: the refused calls are replayed once with the new token, src/api/client.ts). Otherwise, or when the
     * refreshed token is refused too: sign out (every stored key, /login) and say why (false). One answer for all the
     * calls refused together; a member already logging out (leaving) is not told again.
     */
    sessionEnded(): Promise<boolean> {
      deciding ??= decideRefusal().finally(() => (deciding = undefined));
      return deciding;
    },
  };
}

export type IdentityRuntime = Awaited<ReturnType<typeof createIdentityRuntime>>;
