import { readCookie, readCookies, removeCookie, writeCookie, type CookieOptions } from '../lib/cookies';
import { PRODUCT_PREFIX, productKey } from '../lib/productKeys';
import { COOKIE_NAMES, FIELDS, type StoredUser } from './storedUser';

// The token store. Its reading half (storedUser.ts) travels with the first paint; this module, which re-exports it,
// loads with the identity runtime.
export * from './storedUser';

const isProductKey = (key: string) => key.startsWith(PRODUCT_PREFIX);

/** Remembers the auto-login choice across an OAuth redirect. */
const REMEMBER_KEY = productKey('remember');
/** Days a cookie lives when auto-login is ticked; without it cookies end with the browser session. */
export const REMEMBER_DAYS = 30;

/**
 * Set while the signed-in member's cookies are the persistent kind, so refreshed tokens are written the same way. In
 * storage, not a cookie: the cookies are the spec's six user fields (§3) and nothing else.
 */
const PERSISTENT_KEY = productKey('persistent');

function markPersistent(remember: boolean): void {
  try {
    if (remember) localStorage.setItem(PERSISTENT_KEY, '1');
    else localStorage.removeItem(PERSISTENT_KEY);
  } catch {
    /* storage disabled: refreshed tokens become session cookies */
  }
}

function isPersistent(): boolean {
  try {
    return localStorage.getItem(PERSISTENT_KEY) === '1';
  } catch {
    return false;
  }
}

function cookieOptions(remember: boolean): CookieOptions {
  const options: CookieOptions = { path: '/', sameSite: 'lax' };
  if (remember) options.days = REMEMBER_DAYS;
  return options;
}

export function saveUser(user: StoredUser, remember: boolean): void {
  const options = cookieOptions(remember);
  for (const field of FIELDS) writeCookie(COOKIE_NAMES[field], user[field], options);
  markPersistent(remember);
}

/**
 * The provider refreshed the session: the signed-in member's cookies take the new tokens (every API call and the
 * single-session check read them there), as long-lived as the sign-in made them. No member stored: nothing written.
 */
export function saveRefreshedTokens(accessToken: string, refreshToken: string): void {
  if (!readCookie(COOKIE_NAMES.useruid)) return;
  const options = cookieOptions(isPersistent());
  writeCookie(COOKIE_NAMES.accessToken, accessToken, options);
  writeCookie(COOKIE_NAMES.refreshToken, refreshToken, options);
}

/**
 * The member renamed themselves: the name cookie follows, or the next navigation's session check restores the old
 * name from it over the new one. As long-lived as the sign-in made it.
 */
export function saveUsername(username: string): void {
  if (!readCookie(COOKIE_NAMES.useruid)) return;
  writeCookie(COOKIE_NAMES.username, username, cookieOptions(isPersistent()));
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

/** supabase-js's own keys: `sb-<project>-auth-token` (the session) and its `-code-verifier` / `-user` companions. */
const isSupabaseAuthKey = (key: string) => /^sb-.+-auth-token/.test(key);

function clearStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key && (isProductKey(key) || isSupabaseAuthKey(key))) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Logout: removes every product-prefixed cookie and storage key, known or not, and Supabase's session keys (its
 * sign-out leaves them when the auth server cannot be reached).
 */
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
