import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * The server's mode, by the same rule as the app's (`src/configSchema.ts`): local unless a Supabase project
 * is configured. Local mode mounts the `/local/*` stand-ins (sign-in for any demo email, the test card
 * provider); with a real auth project they would let anyone sign in as anyone, so they are not mounted.
 */
export function isLocalMode(env: Record<string, string | undefined>): boolean {
  return !(env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY);
}

/**
 * The Supabase project the server verifies access tokens of, in Supabase mode. `SUPABASE_URL` (server-only) wins;
 * without it the app's own `VITE_SUPABASE_URL` names the same project. It must be the project's public URL, the one
 * Supabase writes into every token's issuer (`{url}/auth/v1`). Undefined when neither is a usable http(s) URL.
 */
export function supabaseSettings(env: Record<string, string | undefined>): { url: string; jwtSecret: string | undefined } | undefined {
  const url = env.SUPABASE_URL || env.VITE_SUPABASE_URL;
  if (!url || !/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) return undefined;
  return { url, jwtSecret: env.SUPABASE_JWT_SECRET || undefined };
}

/**
 * The `VITE_*` variables the app was built with: the `.env` files Vite reads for `mode` (later files win),
 * then the process environment. The server decides its mode from these, so a build that signs in through
 * Supabase is never served next to the local sign-in.
 */
export function appEnvironment(
  root: string,
  mode: string,
  processEnv: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const file of ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]) {
    const path = join(root, file);
    if (existsSync(path)) Object.assign(env, parseEnv(readFileSync(path, 'utf8')));
  }
  for (const [name, value] of Object.entries(processEnv)) if (name.startsWith('VITE_')) env[name] = value;
  return Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('VITE_') && value !== ''));
}
