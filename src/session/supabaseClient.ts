import type { SupabaseClient } from '@supabase/supabase-js';
import { config } from '../config';

/** Anon key the reference backend's PostgREST stand-in accepts in local mode. */
export const LOCAL_ANON_KEY = 'local-anon-key';

/**
 * The live project's auth settings. The Kakao code is exchanged by the auth adapter on /login only: with detection
 * on, supabase-js would exchange any `?code=` on any page (a PortOne return carries one) whenever a PKCE verifier
 * is left in storage, and the Naver function's `access_token` in the address would be read as an implicit return.
 */
export const LIVE_AUTH_OPTIONS = {
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
  flowType: 'pkce',
} as const;

let clientPromise: Promise<SupabaseClient> | undefined;

/**
 * The one supabase-js client, loaded on first use (never in the initial chunk). Production: the
 * configured project. Local mode: the reference backend on this origin, which serves /rest/v1/users.
 */
export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js').then(({ createClient }) => {
    if (!config.localMode && config.VITE_SUPABASE_URL && config.VITE_SUPABASE_ANON_KEY) {
      return createClient(config.VITE_SUPABASE_URL, config.VITE_SUPABASE_ANON_KEY, {
        auth: LIVE_AUTH_OPTIONS,
      });
    }
    return createClient(window.location.origin, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  });
  return clientPromise;
}
