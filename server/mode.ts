/**
 * The server's mode, by the same rule as the app's (`src/configSchema.ts`): local unless a Supabase project
 * is configured. Local mode mounts the `/local/*` stand-ins (sign-in for any demo email, the test card
 * provider); with a real auth project they would let anyone sign in as anyone, so they are not mounted.
 */
export function isLocalMode(env: Record<string, string | undefined>): boolean {
  return !(env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY);
}
