import { optionalText } from '../lib/searchParams';

/**
 * The Naver server function's return to /login (`?success=…&useruid=…&email=…`, docs/decisions.md), typed
 * once, as the address spells it; the identity runtime maps it onto the auth machine's `NaverReturn`.
 */
export type NaverReturnSearch = {
  success?: string | undefined;
  useruid?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  access_token?: string | undefined;
  refresh_token?: string | undefined;
};

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
