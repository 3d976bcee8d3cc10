import * as z from 'zod/mini';

/**
 * Typed configuration: the one place `import.meta.env` is read.
 * Every variable is optional so the embedded default (reference backend on the same origin,
 * local sign-in, local payment provider) runs with no `.env` at all.
 */
const ConfigSchema = z.object({
  VITE_API_BASE: z._default(z.string(), ''),
  VITE_CLIENT_HEADER: z._default(z.string(), 'web/1.0'),
  VITE_CATEGORY_APP_ID: z._default(z.string(), 'storefront-local'),
  VITE_CATEGORY_APP_KEY: z._default(z.string(), 'local-public-key'),
  // An http(s) origin; a regex check instead of z.url() keeps zod's URL parser out of first paint.
  VITE_SUPABASE_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/?#]+[^\s]*$/))),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_KAKAO_APP_KEY: z.optional(z.string()),
  VITE_NAVER_LOGIN_FUNCTION_URL: z.optional(z.string()),
  VITE_PORTONE_STORE_ID: z.optional(z.string()),
  VITE_PORTONE_CHANNEL_KEY: z.optional(z.string()),
});

export type AppConfig = z.infer<typeof ConfigSchema> & {
  /** true when no hosted auth project is configured: sign-in goes to the reference backend. */
  localMode: boolean;
};

export function parseConfig(env: Record<string, unknown>): AppConfig {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = z.safeParse(ConfigSchema, blanksRemoved);
  if (!result.success) {
    const names = result.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: check the environment variable(s) ${names}`);
  }
  const cfg = result.data;
  return { ...cfg, localMode: !(cfg.VITE_SUPABASE_URL && cfg.VITE_SUPABASE_ANON_KEY) };
}

export const config: AppConfig = parseConfig(import.meta.env as Record<string, unknown>);
