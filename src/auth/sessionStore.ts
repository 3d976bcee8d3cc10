// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useSyncExternalStore } from 'react';
import type { StoredUser } from './tokenStore';
import { readAccessToken, readUser } from './tokenStore';
import { isAccessTokenValid } from './accessToken';

/** Member data shown by the interface (tokens stay in the token store). */
export interface SessionUserData {
  email: string;
  useruid: string;
  username: string;
}

/** Session state user is {loggedIn, data} (spec §3); layout defaults web / full (spec §2). */
export interface SessionState {
  user: { loggedIn: boolean; data: SessionUserData | null };
  layout: string;
  layout_style: string;
}

export const LOGGED_OUT: SessionState['user'] = { loggedIn: false, data: null };

/** User data restorable from cookies when the access token is still valid, else null. */
export function userFromCookies(now: number = Date.now()): SessionUserData | null {
  if (!isAccessTokenValid(readAccessToken(), now)) return null;
  const stored: Partial<StoredUser> = readUser();
  if (!stored.useruid || !stored.sessionToken) return null;
  return { email: stored.email ?? '', useruid: stored.useruid, username: stored.username ?? '' };
}

function initialUser(): SessionState['user'] {
  if (typeof document === 'undefined') return LOGGED_OUT;
  const data = userFromCookies();
  return data ? { loggedIn: true, data } : LOGGED_OUT;
}

let state: SessionState = { user: initialUser(), layout: 'web', layout_style: 'full' };
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setLoggedIn(data: SessionUserData): void {
    state = { ...state, user: { loggedIn: true, data } };
    emit();
  },
  setLoggedOut(): void {
    if (!state.user.loggedIn) return;
    state = { ...state, user: LOGGED_OUT };
    emit();
  },
  setLayout(layout: string, layoutStyle: string = state.layout_style): void {
    state = { ...state, layout, layout_style: layoutStyle };
    emit();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function useSessionUser(): SessionState['user'] {
  return useSession().user;
}
