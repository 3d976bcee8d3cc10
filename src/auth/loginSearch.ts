/**
 * The light half of the return path (src/auth/returnPath.ts), for the guard and the side menu, which travel with every
 * first paint: they only pass on the page the visitor stands on, which this app wrote itself. Everything that reads a
 * return path back (the login page, the sign-in's end) checks it fully there (`safeReturnPath`).
 */
export const RETURN_PATH_KEY = 'pilates_returnPath';

/** The page a visitor stands on, as /login's search: `{ redirect }` when it is one of this site's pages but /login. */
export function loginSearchFor(href: string): { redirect?: string } {
  const page = href.startsWith('/') && !href.startsWith('//') && !/^\/login(?:[?#]|$)/.test(href);
  return page ? { redirect: href } : {};
}

/** Keeps the page for after sign-in (a side-menu sign-in skips /login); read back through `takeReturnPath`. */
export function rememberPage(path: string): void {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    /* storage disabled: the member lands on /main */
  }
}
