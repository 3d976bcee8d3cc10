// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useSyncExternalStore } from 'react';
import { readSignedInUser } from './storedUser';

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

function initialUser(): SessionState['user'] {
  if (typeof document === 'undefined') return LOGGED_OUT;
  const stored = readSignedInUser();
  return stored ? { loggedIn: true, data: { email: stored.email, useruid: stored.useruid, username: stored.username } } : LOGGED_OUT;
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
};

/** The signed-in member for the interface (a selector hook over the store). */
export function useSessionUser(): SessionState['user'] {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get).user;
}
