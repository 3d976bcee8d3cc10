import type { NaverReturn } from '../../machines/auth';
import { optionalText } from '../lib/searchParams';

/**
 * The Naver server function's return to /login (`?success=…&useruid=…&email=…`, docs/decisions.md), typed
 * once: as the address spells it (route search), and as the auth machine's NAVER_RETURN takes it.
 */
export type NaverReturnSearch = {
  success?: string | undefined;
  useruid?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  access_token?: string | undefined;
  refresh_token?: string | undefined;
};

/** The machine's fields without the auto-login choice, which the runtime reads from storage. */
export type NaverReturnFlags = Omit<NaverReturn, 'remember'>;

/** Route validateSearch of /login: every flag read as text (the router JSON-parses `?success=true`). */
export function parseNaverReturnSearch(search: Record<string, unknown>): NaverReturnSearch {
  return {
    success: optionalText(search.success),
    useruid: optionalText(search.useruid),
    email: optionalText(search.email),
    name: optionalText(search.name),
    access_token: optionalText(search.access_token),
    refresh_token: optionalText(search.refresh_token),
  };
}

/** The machine's flags when the address is a Naver return, else null. */
export function naverReturnFlags(search: NaverReturnSearch | undefined): NaverReturnFlags | null {
  if (search?.success === undefined) return null;
  const { success, useruid, email, name, access_token, refresh_token } = search;
  return { success, useruid, email, name, accessToken: access_token, refreshToken: refresh_token };
}
