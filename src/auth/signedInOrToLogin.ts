import { isRedirect } from '@tanstack/react-router';
import { requireSignedIn } from './guard';
import { loginSearchFor } from './loginSearch';
import type { RouterAuth } from './routerAuth';

// Its own module: the guard travels with the entry (layout routes are not split); this runs only on screens.
/**
 * The same guard for a button on a public page (장바구니, 바로 구매): true when signed in, else the guard's
 * notice and /login, which brings the visitor back to `returnTo` (the page the button stands on) once signed in.
 */
export async function signedInOrToLogin(
  auth: Pick<RouterAuth, 'hasValidToken'>,
  navigate: (to: { to: '/login'; search: { redirect?: string } }) => Promise<void>,
  returnTo?: string,
): Promise<boolean> {
  try {
    requireSignedIn({ auth });
    return true;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    await navigate({ to: '/login', search: returnTo ? loginSearchFor(returnTo) : {} });
    return false;
  }
}
