import * as z from 'zod/mini';

/**
 * The app's environment, validated with zod when the app is built (and when tests start), not in the
 * visitor's browser: Vite replaces `import.meta.env` with constants at build time, so a wrong value
 * fails the build here instead of breaking every page at runtime, and zod stays out of the first paint.
 * Every variable is optional so the embedded default (reference backend on the same origin, local
 * sign-in, local payment provider) runs with no `.env` at all.
 */
const ConfigSchema = z.object({
  VITE_API_BASE: z._default(z.string(), ''),
  VITE_CLIENT_HEADER: z._default(z.string(), 'web/1.0'),
  VITE_CATEGORY_APP_ID: z._default(z.string(), 'storefront-local'),
  VITE_CATEGORY_APP_KEY: z._default(z.string(), 'local-public-key'),
  VITE_SUPABASE_URL: z.optional(z.url({ protocol: /^https?$/ })),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_KAKAO_APP_KEY: z.optional(z.string()),
  VITE_NAVER_LOGIN_FUNCTION_URL: z.optional(z.string()),
  VITE_PORTONE_STORE_ID: z.optional(z.string()),
  VITE_PORTONE_CHANNEL_KEY: z.optional(z.string()),
  // One channel per easy-pay provider (PortOne routes each to its own contract); only configured ones are offered.
  VITE_PORTONE_CHANNEL_KEY_KAKAOPAY: z.optional(z.string()),
  VITE_PORTONE_CHANNEL_KEY_NAVERPAY: z.optional(z.string()),
  VITE_PORTONE_CHANNEL_KEY_TOSSPAY: z.optional(z.string()),
});

export type AppConfig = z.infer<typeof ConfigSchema> & {
  /** true when no hosted auth project is configured: sign-in goes to the reference backend. */
  localMode: boolean;
};

export function parseConfig(env: Record<string, unknown>): AppConfig {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([name, v]) => name.startsWith('VITE_') && v !== ''));
  const result = z.safeParse(ConfigSchema, blanksRemoved);
  if (!result.success) {
    const names = result.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: check the environment variable(s) ${names}`);
  }
  const cfg = result.data;
  return { ...cfg, localMode: !(cfg.VITE_SUPABASE_URL && cfg.VITE_SUPABASE_ANON_KEY) };
}

/** The global the build defines; `src/config.ts` is its only reader. */
export const CONFIG_GLOBAL = '__STOREFRONT_CONFIG__';

/** Vite / Vitest `define` entry: the validated configuration as a constant. */
export function configDefine(env: Record<string, unknown>): Record<string, string> {
  return { [CONFIG_GLOBAL]: JSON.stringify(parseConfig(env)) };
}
