import { supabaseSettings } from './mode';

/**
 * On a shared PostgreSQL (`DATABASE_URL`) the server may run as several instances, and a link or token one of them
 * signs must verify on every other: a random per-process secret (the embedded default's) would make each instance
 * refuse the others' links at random. So there every signing secret must come from the environment.
 */
const MIN_LENGTH = 32;

const NEEDED: { name: string; why: string; when: (env: Record<string, string | undefined>, localMode: boolean) => boolean }[] = [
  { name: 'SIGNED_URL_SECRET', why: "signs the 10-minute video and download links and the console's 회원 화면으로 보기 grants", when: () => true },
  { name: 'LOCAL_JWT_SECRET', why: 'signs local-mode sign-in tokens', when: (_env, localMode) => localMode },
  {
    name: 'PORTONE_WEBHOOK_SECRET',
    why: "verifies PortOne's webhooks, which complete orders whose member never came back from paying",
    when: (env) => Boolean(env.PORTONE_API_SECRET),
  },
];

/**
 * In Supabase mode the server verifies the project's access tokens, with or without DATABASE_URL: without the
 * project's URL it could verify none (every member refused), and a short HS256 secret could be guessed (anyone signs
 * in as anyone).
 */
function supabaseRefusals(env: Record<string, string | undefined>, localMode: boolean): string[] {
  if (localMode) return [];
  const refusals: string[] = [];
  if (!supabaseSettings(env))
    refusals.push('SUPABASE_URL (or VITE_SUPABASE_URL) must be the Supabase project URL in Supabase mode: the server verifies its access tokens (see .env.example)');
  const secret = env.SUPABASE_JWT_SECRET ?? '';
  if (secret && secret.length < MIN_LENGTH)
    refusals.push(`SUPABASE_JWT_SECRET, when set, must be the project's JWT secret (at least ${MIN_LENGTH} characters)`);
  return refusals;
}

/** The English reasons the server must not start with this environment (empty when it may). */
export function missingSecrets(env: Record<string, string | undefined>, localMode: boolean): string[] {
  const supabase = supabaseRefusals(env, localMode);
  if (!env.DATABASE_URL) return supabase;
  return [...supabase, ...NEEDED.filter((s) => s.when(env, localMode))
    .filter((s) => (env[s.name] ?? '').length < MIN_LENGTH)
    .map(
      (s) =>
        `${s.name} must be set to at least ${MIN_LENGTH} characters when DATABASE_URL is set: it ${s.why}, and every instance must share it (see .env.example)`,
    )];
}
