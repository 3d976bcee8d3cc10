/** What the auth provider (Supabase Auth or the local stand-in) reports after a sign-in. */
export interface ProviderSignIn {
  email: string;
  name: string;
  /** Provider's user id; becomes the useruid of a newly created social member. */
  providerUserId: string;
  accessToken: string;
  refreshToken: string;
  /** Auto-login ticked: persistent cookies instead of session cookies. */
  remember: boolean;
  /** Session token already in this browser's storage, reused when present (spec §4). */
  storedSessionToken?: string;
  /** Address to open once logged in (e.g. /main after the login page). */
  returnTo?: string;
}

/** The signed-in member as saved to browser storage. */
export interface SignedInUser {
  accessToken: string;
  refreshToken: string;
  sessionToken: string;
  email: string;
  useruid: string;
  username: string;
}

/** Users-table row of the remote data service (spec §3). */
export interface UsersRow {
  id: string;
  last_login: string;
  active_session_token: string;
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Last-login value: the current time plus 9 hours (Korean time, spec §9), ISO text without zone. */
export function lastLoginValue(now: Date): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().replace('Z', '');
}

/** Error text of anything a failing actor threw. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
