/**
 * The Naver sign-in server function (spec §4, "Naver redirect return"). Naver is not a built-in Supabase
 * provider, so this function runs the OAuth code flow itself and hands the member back to the storefront's
 * `/login` with `success`, `useruid`, `email` (and the Supabase session, see `successUrl`).
 *
 *   GET …/naver-login?redirect_to=<app origin>/login     start: state cookie, 302 to Naver's consent page
 *   GET …/naver-login/callback?code=…&state=…            Naver's return: state check, token, profile, user
 *
 * Web-standard Request/Response only and every outside call behind a port, so the same code runs in Supabase's
 * Deno runtime (index.ts builds the real ports) and in the Node unit tests (handler.test.ts builds fakes).
 */

/** Naver's token endpoint answer. Naver reports a refused code with HTTP 200 and `error`, so both are read. */
export interface NaverTokenAnswer {
  access_token?: string;
  error?: string;
  error_description?: string;
}

/** `GET /v1/nid/me`: Naver wraps the profile; `resultcode` '00' is the only success. */
export interface NaverProfileAnswer {
  resultcode?: string;
  message?: string;
  response?: { id?: string; email?: string; name?: string; nickname?: string };
}

export interface NaverPort {
  exchange(code: string, state: string): Promise<NaverTokenAnswer>;
  profile(accessToken: string): Promise<NaverProfileAnswer>;
}

/** A Supabase Auth user as far as this function cares; `naverId` is set only on users this function created. */
export interface AuthUser {
  id: string;
  email: string;
  naverId: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface UsersPort {
  findByEmail(email: string): Promise<AuthUser | null>;
  /** Null when the email was taken between the look-up and the creation (two callbacks at once). */
  create(input: { email: string; name: string; naverId: string }): Promise<AuthUser | null>;
  /** A Supabase session for the user: the storefront's API and the users table accept only Supabase tokens. */
  issueSession(user: AuthUser): Promise<SessionTokens>;
}

export interface NaverLoginConfig {
  clientId: string;
  /** This function's callback address exactly as registered in the Naver developer console. */
  callbackUrl: string;
  /** Origins allowed as `redirect_to` (APP_ORIGINS); anything else is refused, never redirected to. */
  appOrigins: readonly string[];
  /** Defaults to Naver's; a local stand-in of Naver is configured here. */
  authorizeUrl?: string;
}

export interface NaverLoginDeps {
  config: NaverLoginConfig;
  naver: NaverPort;
  users: UsersPort;
  randomState(): string;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

/** Why a sign-in came back with `success=false` (the `reason` query parameter; the app shows one message for all). */
export type FailureReason =
  | 'naver_denied'
  | 'naver_token'
  | 'naver_profile'
  | 'no_email'
  | 'duplicate_email'
  | 'server_error';

export const NAVER_AUTHORIZE_URL = 'https://nid.naver.com/oauth2.0/authorize';
export const STATE_COOKIE = 'naver_login_state';
/** Long enough to read Naver's consent page and sign in there; the state is single-use anyway. */
const STATE_COOKIE_SECONDS = 600;

const REFUSED_REDIRECT = '허용되지 않은 돌아갈 주소입니다.';
const EXPIRED_REQUEST = '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 로그인해주세요.';

/** Normalises APP_ORIGINS (comma-separated) to origins; a malformed entry fails the function's start, not a member. */
export function parseAppOrigins(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(entry);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`APP_ORIGINS: not an http(s) origin: ${entry}`);
      return url.origin;
    });
}

/** The address to return to, if it is on the allow-list; query and fragment are dropped (the function sets its own). */
function allowedReturn(raw: string | null, origins: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  // Judged by URL.origin: `https://store.example@evil.example` is evil.example's, as the browser would go there.
  if (!origins.includes(url.origin)) return null;
  return `${url.origin}${url.pathname}`;
}

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Compares the whole string whatever the first difference, so the state cannot be guessed byte by byte by timing. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function stateCookie(config: NaverLoginConfig, value: string, maxAge: number): string {
  // Scoped to the callback path: the only request that needs it. Lax: Naver's return is a top-level GET navigation.
  const path = new URL(config.callbackUrl).pathname;
  return `${STATE_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

function refuse(message: string, setCookie?: string): Response {
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  if (setCookie) headers.set('set-cookie', setCookie);
  return new Response(message, { status: 400, headers });
}

function redirect(location: string, setCookie: string): Response {
  return new Response(null, {
    status: 302,
    headers: { location, 'set-cookie': setCookie, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

/**
 * The success return. The tokens ride along because the app's session-token request and users-table upsert need
 * a Supabase access token for this member (src/auth/naverReturn.ts reads `access_token`/`refresh_token`).
 */
function successUrl(returnTo: string, user: AuthUser, name: string, tokens: SessionTokens): string {
  const query = new URLSearchParams({
    success: 'true',
    useruid: user.id,
    email: user.email,
    name,
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  return `${returnTo}?${query}`;
}

function failureUrl(returnTo: string, reason: FailureReason): string {
  return `${returnTo}?${new URLSearchParams({ success: 'false', reason })}`;
}

class SignInFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    detail: string,
  ) {
    super(detail);
  }
}

/** Runs one outside step; any throw becomes the step's failure reason (a sign-in never crashes the function). */
async function step<T>(reason: FailureReason, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SignInFailure) throw error;
    throw new SignInFailure(reason, `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createNaverLoginHandler(deps: NaverLoginDeps): (req: Request) => Promise<Response> {
  const { config, naver, users } = deps;
  const log = deps.log ?? ((message, fields) => console.log(JSON.stringify({ fn: 'naver-login', message, ...fields })));

  function start(url: URL): Response {
    const returnTo = allowedReturn(url.searchParams.get('redirect_to'), config.appOrigins);
    if (!returnTo) {
      log('refused redirect_to not on APP_ORIGINS', { redirect_to: url.searchParams.get('redirect_to') });
      return refuse(REFUSED_REDIRECT);
    }
    const state = deps.randomState();
    const authorize = new URL(config.authorizeUrl ?? NAVER_AUTHORIZE_URL);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: config.callbackUrl,
      state,
    }).toString();
    // The return address travels in the same HttpOnly cookie as the state: Naver hands back only code and state.
    return redirect(authorize.toString(), stateCookie(config, `${state}.${encodeURIComponent(returnTo)}`, STATE_COOKIE_SECONDS));
  }

  async function signIn(url: URL, state: string): Promise<{ user: AuthUser; name: string; tokens: SessionTokens }> {
    const naverError = url.searchParams.get('error');
    if (naverError) throw new SignInFailure('naver_denied', `Naver returned error ${naverError}`);
    const code = url.searchParams.get('code');
    if (!code) throw new SignInFailure('naver_token', 'callback without code');

    const token = await step('naver_token', 'token exchange', () => naver.exchange(code, state));
    if (!token.access_token) throw new SignInFailure('naver_token', `token exchange refused: ${token.error ?? 'no access_token'}`);
    const accessToken = token.access_token;

    const answer = await step('naver_profile', 'profile request', () => naver.profile(accessToken));
    if (answer.resultcode !== '00' || !answer.response?.id) {
      throw new SignInFailure('naver_profile', `profile refused: resultcode ${answer.resultcode ?? 'none'} ${answer.message ?? ''}`.trim());
    }
    const profile = answer.response;
    const naverId = String(profile.id);
    // Without the email scope granted there is nothing to check the account by (spec §4: the account is the email).
    const email = profile.email?.trim().toLowerCase();
    if (!email) throw new SignInFailure('no_email', 'profile without email (email scope not granted)');
    const name = profile.name || profile.nickname || email;

    const owner = (found: AuthUser): AuthUser => {
      if (found.naverId === naverId) return found;
      // Another provider's member (Kakao), or another Naver account that once had this email: never merged here.
      throw new SignInFailure('duplicate_email', found.naverId ? 'email belongs to another Naver account' : 'email belongs to a user of another provider');
    };
    let user: AuthUser;
    const existing = await step('server_error', 'user look-up', () => users.findByEmail(email));
    if (existing) {
      user = owner(existing);
    } else {
      const created = await step('server_error', 'user creation', () => users.create({ email, name, naverId }));
      if (created) {
        user = created;
        log('created Supabase user for Naver sign-in', { user_id: created.id });
      } else {
        // Created meanwhile (a doubled callback): the same rules as a user found at first.
        const raced = await step('server_error', 'user look-up after conflict', () => users.findByEmail(email));
        // Supabase Auth says the email is taken though the look-up missed it (it compares case-sensitively): another's.
        if (!raced) throw new SignInFailure('duplicate_email', 'user creation reported the email taken, look-up finds no user');
        user = owner(raced);
      }
    }
    const tokens = await step('server_error', 'session issue', () => users.issueSession(user));
    return { user, name, tokens };
  }

  async function callback(req: Request, url: URL): Promise<Response> {
    const clear = stateCookie(config, '', 0);
    const cookie = readCookie(req, STATE_COOKIE) ?? '';
    const dot = cookie.indexOf('.');
    const expected = dot > 0 ? cookie.slice(0, dot) : '';
    const state = url.searchParams.get('state');
    // No state or a foreign one: a forged or replayed callback (CSRF). Nothing is exchanged.
    if (!expected || !state || !sameText(state, expected)) {
      log('refused callback: state missing or not this browser\'s', { has_cookie: Boolean(cookie), has_state: Boolean(state) });
      return refuse(EXPIRED_REQUEST, clear);
    }
    let returnTo: string | null;
    try {
      returnTo = allowedReturn(decodeURIComponent(cookie.slice(dot + 1)), config.appOrigins);
    } catch {
      returnTo = null;
    }
    if (!returnTo) {
      log('refused callback: return address no longer on APP_ORIGINS');
      return refuse(REFUSED_REDIRECT, clear);
    }
    try {
      const { user, name, tokens } = await signIn(url, state);
      log('Naver sign-in succeeded', { user_id: user.id });
      return redirect(successUrl(returnTo, user, name, tokens), clear);
    } catch (error) {
      const failure = error instanceof SignInFailure ? error : new SignInFailure('server_error', String(error));
      log('Naver sign-in failed', { reason: failure.reason, detail: failure.message });
      return redirect(failureUrl(returnTo, failure.reason), clear);
    }
  }

  return async (req: Request) => {
    if (req.method !== 'GET') return new Response(null, { status: 405, headers: { allow: 'GET' } });
    const url = new URL(req.url);
    return url.pathname.replace(/\/+$/, '').endsWith('/callback') ? callback(req, url) : start(url);
  };
}
