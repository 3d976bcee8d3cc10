/**
 * Browser cookies for the session fields (spec §9). Values are URI-encoded on write and decoded on read,
 * the same encoding js-cookie uses, so cookies written by earlier versions still read back. Written out (the
 * reading half, cookieRead.ts, is on the first paint: every page asks whether someone is signed in).
 */

export * from './cookieRead';

export type CookieOptions = {
  /** Days until the cookie expires; without it the cookie ends with the browser session. */
  days?: number;
  path?: string;
  sameSite?: 'lax' | 'strict' | 'none';
};

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path ?? '/'}`;
  if (options.days !== undefined) cookie += `; expires=${new Date(Date.now() + options.days * 86_400_000).toUTCString()}`;
  if (options.sameSite) cookie += `; samesite=${options.sameSite}`;
  document.cookie = cookie;
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
