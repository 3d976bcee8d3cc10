import { isRedirect, redirect } from '@tanstack/react-router';
import { alertDark } from '../lib/popup';
import type { RouterAuth } from './routerAuth';

export const LOGIN_REQUIRED_MESSAGE = '로그인 후 이용해주세요.';

/**
 * The one guard every `_auth` layout runs in `beforeLoad` (spec §4, §5): the access token must
 * decode and expire later than now, else a dark notice and a redirect to /login.
 */
export function requireSignedIn({ auth, preload = false }: { auth: Pick<RouterAuth, 'hasValidToken'>; preload?: boolean }): void {
  if (auth.hasValidToken()) return;
  // Hover/intent preloading runs guards too: only a real navigation shows the notice.
  if (!preload) void alertDark(LOGIN_REQUIRED_MESSAGE);
  throw redirect({ to: '/login' });
}

/**
 * The same guard for a button on a public page (장바구니, 바로 구매): true when signed in, else the guard's
 * notice and its redirect carried out as a navigation.
 */
export async function signedInOrToLogin(
  auth: Pick<RouterAuth, 'hasValidToken'>,
  navigate: (to: { to: '/login' }) => Promise<void>,
): Promise<boolean> {
  try {
    requireSignedIn({ auth });
    return true;
  } catch (error) {
    if (!isRedirect(error)) throw error;
    await navigate({ to: '/login' });
    return false;
  }
}
