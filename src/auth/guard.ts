import { redirect } from '@tanstack/react-router';
import type { RouterAuth } from './routerAuth';
import { loginSearchFor } from './loginSearch';

export const LOGIN_REQUIRED_MESSAGE = '로그인 후 이용해주세요.';

/**
 * The dark notice. The guard travels with the entry chunk (layout routes are not split); the dialog module, like
 * sweetalert2 behind it, loads on first use instead of riding along with every first paint.
 */
function notify(message: string): void {
  void import('../lib/popup').then((dialogs) => dialogs.alertDark(message));
}

/**
 * The one guard every `_auth` layout runs in `beforeLoad` (spec §4, §5): the access token must
 * decode and expire later than now, else a dark notice and a redirect to /login, which brings the visitor back to
 * `returnTo` (the page asked for) once signed in.
 */
export function requireSignedIn({
  auth,
  preload = false,
  returnTo,
}: {
  auth: Pick<RouterAuth, 'hasValidToken'>;
  preload?: boolean;
  returnTo?: string;
}): void {
  if (auth.hasValidToken()) return;
  // Hover/intent preloading runs guards too: only a real navigation shows the notice.
  if (!preload) notify(LOGIN_REQUIRED_MESSAGE);
  throw redirect({ to: '/login', search: returnTo ? loginSearchFor(returnTo) : {} });
}
