import type { SupabaseClient } from '@supabase/supabase-js';
import type { UsersRow } from '../../machines/identityTypes';

/** The remote data service's users table (spec §3, §7), through real supabase-js. */
export const USERS_TABLE = 'users';

/** select active_session_token from users where id = useruid; null when there is no row. */
export async function readActiveSessionToken(supabase: SupabaseClient, useruid: string): Promise<string | null> {
  const { data, error } = await supabase
    .from(USERS_TABLE)
    .select('active_session_token')
    .eq('id', useruid)
    .maybeSingle<{ active_session_token: string | null }>();
  if (error) throw new Error(error.message);
  return data?.active_session_token ?? null;
}

/** upsert into users (conflict on id, merge); the response error is checked. */
export async function upsertUsersRow(supabase: SupabaseClient, row: UsersRow): Promise<void> {
  const { error } = await supabase.from(USERS_TABLE).upsert(row, { onConflict: 'id' });
  if (error) throw new Error(error.message);
}
