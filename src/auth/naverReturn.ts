import { optionalText } from '../lib/searchParams';

/**
 * The Naver server function's return to /login (`?success=…&useruid=…&email=…`, docs/decisions.md), typed
 * once, as text; the identity runtime maps it onto the auth machine's `NaverReturn`.
 */
export type NaverReturnSearch = {
  success?: string | undefined;
  useruid?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
  access_token?: string | undefined;
  refresh_token?: string | undefined;
};

/**
 * Route validateSearch of /login: the search exactly as the router parsed it. The router writes the validated
 * search back into the address, so turning `?success=false` (parsed as the boolean false) into the text 'false'
 * here would rewrite the address to `success=%22false%22`; the text is read by naverReturnOf instead.
 */
export function parseNaverReturnSearch(search: Record<string, unknown>): Record<string, unknown> {
  return search;
}

/** The flags as text (the router JSON-parses `?success=true` into true and `?useruid=7` into 7). */
export function naverReturnOf(search: Record<string, unknown>): NaverReturnSearch {
  return {
    success: optionalText(search.success),
    useruid: optionalText(search.useruid),
    email: optionalText(search.email),
    name: optionalText(search.name),
    access_token: optionalText(search.access_token),
    refresh_token: optionalText(search.refresh_token),
  };
}
