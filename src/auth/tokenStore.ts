import { readCookie, readCookies, removeCookie, writeCookie, type CookieOptions } from '../lib/cookies';
import { isProductKey, productKey } from '../lib/productKeys';
import { COOKIE_NAMES, FIELDS, type StoredUser } from './storedUser';

// The token store. Its reading half (storedUser.ts) travels with the first paint; this module, which re-exports it,
// loads with the identity runtime.
export * from './storedUser';

/** Remembers the auto-login choice across an OAuth redirect. */
const REMEMBER_KEY = productKey('remember');
/** Days a cookie lives when auto-login is ticked; without it cookies end with the browser session. */
export const REMEMBER_DAYS = 30;

export function saveUser(user: StoredUser, remember: boolean): void {
  const options: CookieOptions = { path: '/', sameSite: 'lax' };
  if (remember) options.days = REMEMBER_DAYS;
  for (const field of FIELDS) writeCookie(COOKIE_NAMES[field], user[field], options);
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
