// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { readCookie, readCookies, removeCookie, writeCookie, type CookieOptions } from '../lib/cookies';
import { isProductKey, productKey } from '../lib/productKeys';
import { isAccessTokenValid } from './accessToken';

import type { SignedInUser } from '../../machines/identityTypes';

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

/** Remembers the auto-login choice across an OAuth redirect. */
const REMEMBER_KEY = productKey('remember');
/** Days a cookie lives when auto-login is ticked; without it cookies end with the browser session. */
export const REMEMBER_DAYS = 30;

const FIELDS = Object.keys(COOKIE_NAMES) as (keyof StoredUser)[];

export function saveUser(user: StoredUser, remember: boolean): void {
  const options: CookieOptions = { path: '/', sameSite: 'lax' };
  if (remember) options.days = REMEMBER_DAYS;
  for (const field of FIELDS) writeCookie(COOKIE_NAMES[field], user[field], options);
}

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

export function readSessionToken(): string | undefined {
  return readCookie(COOKIE_NAMES.sessionToken);
}

export function setRememberChoice(remember: boolean): void {
  try {
    sessionStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
  } catch {
    /* storage disabled: falls back to session cookies */
  }
}

export function readRememberChoice(): boolean {
  try {
    return sessionStorage.getItem(REMEMBER_KEY) === '1';
  } catch {
    return false;
  }
}

function clearStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key && isProductKey(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Logout: removes every product-prefixed cookie and storage key, known or not. */
export function clearAllProductKeys(): void {
  for (const name of Object.keys(readCookies())) {
    if (isProductKey(name)) removeCookie(name);
  }
  try {
    clearStorage(localStorage);
    clearStorage(sessionStorage);
  } catch {
    /* storage disabled */
  }
}
