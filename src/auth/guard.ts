import { redirect } from '@tanstack/react-router';
import { isAccessTokenValid } from './accessToken';
import { readAccessToken } from './tokenStore';
import { alertDark } from '../lib/popup';

export const LOGIN_REQUIRED_MESSAGE = '로그인 후 이용해주세요.';

/**
 * The one guard every `_auth` layout runs in `beforeLoad` (spec §4, §5): the access token must
 * decode and expire later than now, else a dark notice and a redirect to /login.
 */
export function requireSignedIn(
  { preload = false }: { preload?: boolean } = {},
  readToken: () => string | undefined = readAccessToken,
): void {
  if (isAccessTokenValid(readToken())) return;
  // Hover/intent preloading runs guards too: only a real navigation shows the notice.
  if (!preload) void alertDark(LOGIN_REQUIRED_MESSAGE);
  throw redirect({ to: '/login' });
}
