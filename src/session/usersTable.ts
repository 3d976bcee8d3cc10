import type { SupabaseClient } from '@supabase/supabase-js';
import type { UsersRow } from '../../machines/identityTypes';

/** The remote data service's users table (spec §3, §7), through real supabase-js. */
export const USERS_TABLE = 'users';

/**
 * Row-level security lets a member read and write only its own row, so every call carries the
 * member's access token as its bearer, as a Supabase Auth session would (the anon key alone is
 * refused). Passed explicitly: at sign-in the token is not stored yet, and a stale stored one may be
 * another member's.
 */
const asMember = (accessToken: string) => `Bearer ${accessToken}`;

/** select active_session_token from users where id = useruid; null when there is no row. */
export async function readActiveSessionToken(
  supabase: SupabaseClient,
  useruid: string,
  accessToken: string,
): Promise<string | null> {
  const { data, error } = await supabase
    .from(USERS_TABLE)
    .select('active_session_token')
    .eq('id', useruid)
    .setHeader('Authorization', asMember(accessToken))
    .maybeSingle<{ active_session_token: string | null }>();
  if (error) throw new Error(error.message);
  return data?.active_session_token ?? null;
}

/** upsert into users (conflict on id, merge); the response error is checked. */
export async function upsertUsersRow(supabase: SupabaseClient, row: UsersRow, accessToken: string): Promise<void> {
  const { error } = await supabase
    .from(USERS_TABLE)
    .upsert(row, { onConflict: 'id' })
    .setHeader('Authorization', asMember(accessToken));
  if (error) throw new Error(error.message);
}
