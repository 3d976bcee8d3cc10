import { sessionStore } from './sessionStore';
import { onLogoutInOtherTab } from './logoutChannel';
import { setAccessTokenSource, setSessionRejectedHandler } from '../api/client';
import { readAccessToken } from './storedUser';
import type { IdentityDeps, IdentityRuntime } from './runtime';

/**
 * Initial-chunk facade of the identity layer. The runtime (xstate machines, supabase-js) is a
 * separate chunk loaded only when needed: a member is or may be signed in, a provider redirect
 * returned, or a login button was pressed. A logged-out visitor's first paint never loads it.
 */
// Every API call carries this browser's access token as its bearer token.
setAccessTokenSource(readAccessToken);
// The one place a refused session is refreshed or ends: the API answered 401 to that token (the member left, or it
// expired). True when it goes on with a new token: the client replays the refused call once.
setSessionRejectedHandler(() => (sessionStore.get().user.loggedIn ? loadIdentity().then((identity) => identity.sessionEnded()) : false));

let provideDeps: (deps: IdentityDeps) => void;
/**
 * The root configures identity in an effect, and React runs a child's effects before its parent's: a
 * screen (the login page handling a provider return) can ask for the runtime first, so it waits here.
 */
const depsReady = new Promise<IdentityDeps>((resolve) => (provideDeps = resolve));
let runtime: Promise<IdentityRuntime> | undefined;

export function configureIdentity(next: IdentityDeps & { onOtherTabLogout: () => void }): () => void {
  provideDeps(next);
  return onLogoutInOtherTab(() => {
    sessionStore.setLoggedOut();
    next.onOtherTabLogout();
  });
}

export function loadIdentity(): Promise<IdentityRuntime> {
  runtime ??= depsReady.then((deps) => import('./runtime').then((m) => m.createIdentityRuntime(deps)));
  return runtime;
}

/**
 * Address markers of a provider redirect return (Supabase PKCE code or its refusal, Naver flag). Providers return to
 * /login only: a `code` or `success` elsewhere (PortOne's payment returns carry both) is that page's business.
 */
export function isProviderReturn(href: string): boolean {
  const url = new URL(href);
  if (url.pathname !== '/login') return false;
  return ['code', 'error', 'error_description', 'success'].some((key) => url.searchParams.has(key));
}

/** True when the per-navigation check has anything to look at. */
export function needsIdentity(): boolean {
  return sessionStore.get().user.loggedIn || readAccessToken() !== undefined || runtime !== undefined;
}
