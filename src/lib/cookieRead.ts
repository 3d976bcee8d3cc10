// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * Reading browser cookies (every page asks whether someone is signed in): the first-paint half of cookies.ts,
 * which re-exports it with the writers the identity runtime needs. Values are URI-decoded, as cookies.ts encodes them.
 */

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
