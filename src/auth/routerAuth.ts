// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { isAccessTokenValid } from './accessToken';
import { sessionStore, type SessionUserData } from './sessionStore';
import { readAccessToken } from './storedUser';

/**
 * Identity as the router's context carries it (`{ queryClient, auth }`): guards and loaders read the member
 * here instead of importing a store, so a classroom or checkout loader gets the member the same way.
 */
export interface RouterAuth {
  /** The signed-in member, or null for a visitor. */
  member(): SessionUserData | null;
  /** The access token decodes and expires later than now (the guard's test, spec §4, §5). */
  hasValidToken(): boolean;
}

export const routerAuth: RouterAuth = {
  member: () => sessionStore.get().user.data,
  hasValidToken: () => isAccessTokenValid(readAccessToken()),
};
