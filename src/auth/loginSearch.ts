/**
 * The light half of the return path (src/auth/returnPath.ts), for the guard and the side menu's links, which travel
 * with every first paint: they only pass on the page the visitor stands on, which this app wrote itself. Everything
 * that writes or reads a return path back (the side menu's sign-in, the login page, the sign-in's end) is there.
 */
export const RETURN_PATH_KEY = 'pilates_returnPath';

/** The page a visitor stands on, as /login's search: `{ redirect }` when it is one of this site's pages but /login. */
export function loginSearchFor(href: string): { redirect?: string } {
  const page = href.startsWith('/') && !href.startsWith('//') && !/^\/login(?:[?#]|$)/.test(href);
  return page ? { redirect: href } : {};
}
