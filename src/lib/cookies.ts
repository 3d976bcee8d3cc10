// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * Browser cookies for the session fields (spec §9). Values are URI-encoded on write and decoded on read,
 * the same encoding js-cookie uses, so cookies written by earlier versions still read back. Written out
 * because it is on the first paint (every page asks whether someone is signed in).
 */

export type CookieOptions = {
  /** Days until the cookie expires; without it the cookie ends with the browser session. */
  days?: number;
  path?: string;
  sameSite?: 'lax' | 'strict' | 'none';
};

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // not percent-encoded by us: hand it back as it is
  }
}

/** Every cookie this page can see, by name. */
export function readCookies(): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof document === 'undefined' || !document.cookie) return out;
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = decode(pair.slice(0, at));
    // The first one wins, as in the browser: a more specific path is listed first.
    if (!(name in out)) out[name] = decode(pair.slice(at + 1));
  }
  return out;
}

export function readCookie(name: string): string | undefined {
  return readCookies()[name];
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path ?? '/'}`;
  if (options.days !== undefined) cookie += `; expires=${new Date(Date.now() + options.days * 86_400_000).toUTCString()}`;
  if (options.sameSite) cookie += `; samesite=${options.sameSite}`;
  document.cookie = cookie;
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
