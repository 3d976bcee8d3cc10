// The Deno entry Supabase Edge Functions run (`supabase functions deploy naver-login --no-verify-jwt`).
// It uses Deno globals, so it is excluded from the Node type-check (tsconfig "exclude"), eslint (ignores) and knip
// (ignore); the logic it wires is in handler.ts and adapters.ts, which are type-checked, linted and unit-tested.
// Environment: docs/deploy.md, "Naver server function".
import { createNaverLoginHandler, parseAppOrigins } from './handler.ts';
import { naverHttp, randomState, supabaseAdminUsers } from './adapters.ts';

function required(name: string): string {
  const value = Deno.env.get(name);
  // Fail at boot with the variable's name rather than on a member's sign-in.
  if (!value) throw new Error(`naver-login: environment variable ${name} is required`);
  return value;
}

const supabaseUrl = required('SUPABASE_URL').replace(/\/+$/, '');
const clientId = required('NAVER_CLIENT_ID');
const appOrigins = parseAppOrigins(required('APP_ORIGINS'));
if (appOrigins.length === 0) throw new Error('naver-login: APP_ORIGINS lists no origin');
// Must equal the callback URL registered in the Naver developer console, character for character.
const callbackUrl = Deno.env.get('NAVER_CALLBACK_URL') ?? `${supabaseUrl}/functions/v1/naver-login/callback`;
const naverOauthBase = Deno.env.get('NAVER_OAUTH_BASE') ?? 'https://nid.naver.com';

const handler = createNaverLoginHandler({
  config: { clientId, callbackUrl, appOrigins, authorizeUrl: `${naverOauthBase}/oauth2.0/authorize` },
  naver: naverHttp({
    clientId,
    clientSecret: required('NAVER_CLIENT_SECRET'),
    oauthBase: naverOauthBase,
    apiBase: Deno.env.get('NAVER_API_BASE') ?? 'https://openapi.naver.com',
  }),
  users: supabaseAdminUsers({ supabaseUrl, serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY') }),
  randomState,
});

Deno.serve(handler);
