/**
 * Where a visitor was when sign-in was asked of them (a member page, or 장바구니 / 바로 구매 on a class), carried as
 * /login's `redirect` search value and kept in this tab's sessionStorage across the Kakao OAuth round trip and the
 * Naver server function. The guard and the side menu pass it through the light src/auth/loginSearch.ts; this keeps and checks it.
 */
import { RETURN_PATH_KEY as KEY } from './loginSearch';

const BASE = 'https://return.invalid';

/**
 * A same-origin path, or undefined. The value comes from the address bar, so anyone can write it: a protocol-relative
 * `//evil`, a backslash (browsers read `/\evil` as `//evil`), a scheme (`https:`, `javascript:`) and control
 * characters (stripped by browsers, so `/\t/evil` becomes `//evil`) are all refused, and /login itself (a loop).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || url.pathname === '/login') return undefined;
  return url.pathname + url.search + url.hash;
}

/** Keeps the page for after sign-in (a side-menu sign-in skips /login); read back through `takeReturnPath`. */
export function rememberPage(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* storage disabled: the member lands on /main */
  }
}

/** The login page keeps the checked value for after sign-in; none (a plain visit to /login) forgets an older one. */
export function keepReturnPath(value: unknown): void {
  const path = safeReturnPath(value);
  try {
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the member lands on /main */
  }
}

/** The kept page, once (checked again: sessionStorage is this origin's, but not only this code writes it). */
export function takeReturnPath(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeReturnPath(path);
  } catch {
    return undefined;
  }
}
