// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { readCookie } from '../lib/cookieRead';
import { productKey } from '../lib/productKeys';
import { isAccessTokenValid } from './accessToken';

import type { SignedInUser } from '../../machines/identityTypes';

// The reading half of the token store: every first paint asks whether someone is signed in. Writing, the
// auto-login choice and logout's clean-up are in tokenStore.ts (which re-exports this module), loaded with the
// identity runtime: import from tokenStore.ts except on the first paint.

/** The signed-in member as kept in browser cookies (spec §3 "User"): the machines' user, field for field. */
export type StoredUser = SignedInUser;

/** Product-prefixed cookie names (spec §9). */
export const COOKIE_NAMES = {
  accessToken: productKey('accessToken'),
  refreshToken: productKey('refreshToken'),
  sessionToken: productKey('sessionToken'),
  email: productKey('email'),
  useruid: productKey('useruid'),
  username: productKey('username'),
} as const satisfies Record<keyof StoredUser, string>;

export const FIELDS = Object.keys(COOKIE_NAMES) as (keyof StoredUser)[];

/** Partial read: any field may be missing. */
export function readUser(): Partial<StoredUser> {
  const out: Partial<StoredUser> = {};
  for (const field of FIELDS) {
    const value = readCookie(COOKIE_NAMES[field]);
    if (value) out[field] = value;
  }
  return out;
}

/**
 * The one reader of the stored member: the signed-in user when every field needed is there and the access
 * token decodes and has not expired, else null. The session store's first state and the identity runtime's
 * restore both start here.
 */
export function readSignedInUser(now: number = Date.now()): StoredUser | null {
  const { accessToken = '', refreshToken = '', sessionToken, email = '', useruid, username = '' } = readUser();
  if (!isAccessTokenValid(accessToken, now) || !useruid || !sessionToken) return null;
  return { accessToken, refreshToken, sessionToken, email, useruid, username };
}

export function readAccessToken(): string | undefined {
  return readCookie(COOKIE_NAMES.accessToken);
}
