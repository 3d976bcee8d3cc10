/**
 * A local stand-in for Supabase's hosted Auth (GoTrue behind Supabase's API gateway) and Kakao's consent page, so
 * the real `@supabase/supabase-js` and the real backend run the live sign-in on this machine without internet.
 *
 * It answers what supabase-js 2.x sends, in the shapes the real service answers (read from supabase/auth's
 * handlers): OAuth with PKCE (`/authorize` → provider consent → `/callback` → `redirect_to?code=`), the code
 * exchange and refresh (`/token`), `/user`, `/logout`, the JWKS the access tokens are signed with (ES256, rotated on
 * request), and the admin calls the Naver server function makes (list, create, generate_link + verify). State lives
 * in memory; one fake per test file.
 *
 * Around Auth, the rest of what the live configuration reaches on Supabase's API host: PostgREST for the users
 * table (postgrest.ts: the shipped SQL and its row-level security on an embedded PGlite), the Naver server function
 * (supabase/functions/naver-login, built with its real adapters) at `/functions/v1/naver-login`, and a stand-in of
 * Naver's consent page and APIs (naver.ts) that function talks to.
 *
 * Deliberate differences from the hosted service, each to keep tests deterministic:
 * - refresh-token reuse is refused at once (GoTrue allows a 10 s reuse interval for concurrent tabs);
 * - the Kakao profile is whatever the consent form posts (no call to kapi.kakao.com).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors as joseErrors, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { naverHttp, randomState, supabaseAdminUsers } from '../../supabase/functions/naver-login/adapters.ts';
import { createNaverLoginHandler } from '../../supabase/functions/naver-login/handler.ts';
import { createFakeNaver, NAVER_PREFIX } from './naver.ts';
import { createRestDatabase, type RestCaller } from './postgrest.ts';

export interface FakeSupabaseAuthOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The public base URL (scheme://host:port) when it differs from http://127.0.0.1:<port>; give `port` with it. */
  issuerBase?: string;
  anonKey?: string;
  serviceRoleKey?: string;
  /** The project's Site URL: where an OAuth flow lands when its redirect_to is not allowed. */
  siteUrl?: string;
  /** Additional Redirect URLs (GoTrue globs: `*` within a host or path segment, `**` anything). */
  redirectAllowList?: string[];
  /**
   * Start the users table's database with the server rather than on the first PostgREST call. A member's first
   * sign-in then does not pay for it (under load it took a sign-in past a browser test's 30 s wait).
   */
  restDatabaseAtStart?: boolean;
  /** Access-token lifetime in seconds (Supabase's JWT expiry); default 3600. */
  accessTokenLifetimeSeconds?: number;
  /** Kakao's REST API key as configured in the Supabase dashboard; the consent page checks it. */
  kakaoClientId?: string;
  /** The clock in ms, so a test can age an auth code or a token without sleeping. */
  now?: () => number;
  /** The Naver app's client id and secret, shared by the Naver stand-in and the Naver function. */
  naverClientId?: string;
  naverClientSecret?: string;
  /** The Naver function's APP_ORIGINS: where it may send a member back. Default: the Site URL's origin. */
  naverAppOrigins?: string[];
  /** The Naver function's log lines (it logs every sign-in); default: dropped. */
  functionLog?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface FakeIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string;
  created_at: string;
  updated_at: string;
  email: string;
}

export interface FakeAuthUser {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at: string;
  phone: string;
  confirmed_at: string;
  last_sign_in_at: string;
  app_metadata: { provider: string; providers: string[]; [key: string]: unknown };
  user_metadata: Record<string, unknown>;
  identities: FakeIdentity[];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
}

export interface FakeSupabaseAuth {
  /** The base URL to give supabase-js as SUPABASE_URL (Auth lives under `${url}/auth/v1`). */
  url: string;
  /** The `iss` of every access token: `${url}/auth/v1`. */
  issuer: string;
  jwksUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Every user by id (live view). */
  users: ReadonlyMap<string, FakeAuthUser>;
  /** PostgREST's base: `${url}/rest/v1`. */
  restUrl: string;
  /** The Naver server function as the app calls it (VITE_NAVER_LOGIN_FUNCTION_URL). */
  naverFunctionUrl: string;
  /** A select on the fake's database as its owner, past row-level security (what Supabase's dashboard shows). */
  queryAsOwner<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Starts signing with a new ES256 key; the JWKS publishes the old and the new one. Returns the new kid. */
  rotateKey(): Promise<string>;
  /** Lifetime of the access tokens issued from now on, so a browser test can let one expire during a visit. */
  setAccessTokenLifetime(seconds: number): void;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
}

interface FlowState {
  codeChallenge: string;
  provider: string;
  redirectTo: string;
  /** Set once the provider came back: the code the app exchanges, and for whom. */
  authCode?: string;
  userId?: string;
  issuedAt?: number;
}

interface AuthSession {
  id: string;
  userId: string;
  provider: string;
  createdAt: number;
}

interface RefreshToken {
  sessionId: string;
  revoked: boolean;
}

interface KakaoAccount {
  id: string;
  email: string;
  nickname: string;
}

class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';
const AUTH_CODE_LIFETIME_MS = 5 * 60 * 1000;
const DEFAULT_PER_PAGE = 50;
const KAKAO_AUTHORIZE_PATH = '/fake/kakao/oauth/authorize';
const NAVER_FUNCTION_PATH = '/functions/v1/naver-login';
/** GoTrue's default OTP expiry (GOTRUE_MAILER_OTP_EXP). */
const MAGIC_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** Supabase's gateway lets these through without an apikey: browsers navigate to them, and the JWKS is public. */
const OPEN_PATHS = new Set(['/auth/v1/authorize', '/auth/v1/callback', '/auth/v1/verify', '/auth/v1/.well-known/jwks.json', '/auth/v1/health']);
// PostgREST's own request headers too: supabase-js sends Prefer, Accept-/Content-Profile and, on a retry, X-Retry-Count.
const CORS_ALLOWED_HEADERS =
  'apikey, authorization, content-type, accept, x-client-info, x-supabase-api-version, x-client-ip, prefer, accept-profile, content-profile, range, x-retry-count';
const CORS_EXPOSED_HEADERS = 'x-supabase-api-version, x-total-count, link, content-range';

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** GoTrue's redirect globs (gobwas/glob with '.' and '/' as separators). */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^./]*';
    else if (c === '?') source += '[^./]';
    else source += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  return { kid, privateKey, publicKey, jwk };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

export async function startFakeSupabaseAuth(options: FakeSupabaseAuthOptions = {}): Promise<FakeSupabaseAuth> {
  const now = options.now ?? Date.now;
  const anonKey = options.anonKey ?? 'fake-anon-key';
  const serviceRoleKey = options.serviceRoleKey ?? 'fake-service-role-key';
  let accessTokenLifetime = options.accessTokenLifetimeSeconds ?? 3600;
  const kakaoClientId = options.kakaoClientId ?? 'fake-kakao-rest-api-key';
  const allowList = (options.redirectAllowList ?? []).map(globToRegExp);

  const keys: SigningKey[] = [await newSigningKey()];
  const users = new Map<string, FakeAuthUser>();
  const flowStates = new Map<string, FlowState>();
  const sessions = new Map<string, AuthSession>();
  const refreshTokens = new Map<string, RefreshToken>();
  const kakaoCodes = new Map<string, KakaoAccount>();
  const magicLinks = new Map<string, { userId: string; issuedAt: number }>();
  // A server that expects callers soon (fakes/live-local.ts) is one of several in its process: the next starts from its dump.
  const rest = createRestDatabase(() => users.keys(), { keepDump: options.restDatabaseAtStart });
  const naverClientId = options.naverClientId ?? 'fake-naver-client-id';
  const naverClientSecret = options.naverClientSecret ?? 'fake-naver-client-secret';
  const naverCallbackUrl = (): string => `${url}${NAVER_FUNCTION_PATH}/callback`;
  let naverFunction: (req: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const naver = createFakeNaver({ clientId: naverClientId, clientSecret: naverClientSecret, callbackUrls: () => [naverCallbackUrl()], now });

  // `url` is known only once the server listens; every handler runs after that.
  let url = '';
  const issuer = (): string => `${url}/auth/v1`;
  const siteUrl = (): string => options.siteUrl ?? url;
  const iso = (ms: number): string => new Date(ms).toISOString();

  function redirectAllowed(redirectTo: string): boolean {
    let base: URL;
    let target: URL;
    try {
      base = new URL(siteUrl());
      target = new URL(redirectTo);
    } catch {
      return false;
    }
    if (base.hostname === target.hostname && base.protocol === target.protocol && (base.port === target.port || isLoopbackHost(target.hostname))) {
      return true;
    }
    const withoutFragment = redirectTo.split('#')[0] ?? '';
    return allowList.some((pattern) => pattern.test(withoutFragment));
  }

  function findUserByEmail(email: string): FakeAuthUser | undefined {
    const wanted = email.toLowerCase();
    for (const user of users.values()) if (user.email === wanted) return user;
    return undefined;
  }

  async function createUser(
    email: string,
    provider: string,
    userMetadata: Record<string, unknown>,
    appMetadata: Record<string, unknown> = {},
  ): Promise<FakeAuthUser> {
    const at = iso(now());
    const user: FakeAuthUser = {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      email_confirmed_at: at,
      phone: '',
      confirmed_at: at,
      last_sign_in_at: at,
      app_metadata: { ...appMetadata, provider, providers: [provider] },
      user_metadata: userMetadata,
      identities: [],
      created_at: at,
      updated_at: at,
      is_anonymous: false,
    };
    users.set(user.id, user);
    // Supabase's auth.users is in the project's database: the users table's foreign key must find the user.
    await rest.addAuthUser(user.id);
    return user;
  }

  function addIdentity(user: FakeAuthUser, provider: string, providerId: string, identityData: Record<string, unknown>): void {
    const at = iso(now());
    const existing = user.identities.find((identity) => identity.provider === provider && identity.id === providerId);
    if (existing) {
      existing.identity_data = identityData;
      existing.last_sign_in_at = at;
      existing.updated_at = at;
      return;
    }
    user.identities.push({
      identity_id: randomUUID(),
      id: providerId,
      user_id: user.id,
      identity_data: identityData,
      provider,
      last_sign_in_at: at,
      created_at: at,
      updated_at: at,
      email: user.email,
    });
    if (!user.app_metadata.providers.includes(provider)) user.app_metadata.providers.push(provider);
  }

  /** GoTrue's createAccountFromExternalIdentity: the same (verified) email links to the existing user. */
  async function signInWithKakao(account: KakaoAccount): Promise<FakeAuthUser> {
    const identityData = {
      iss: 'https://kapi.kakao.com',
      sub: account.id,
      provider_id: account.id,
      email: account.email,
      email_verified: true,
      phone_verified: false,
      name: account.nickname,
      full_name: account.nickname,
      preferred_username: account.nickname,
      user_name: account.nickname,
    };
    const user = findUserByEmail(account.email) ?? (await createUser(account.email, 'kakao', identityData));
    addIdentity(user, 'kakao', account.id, identityData);
    user.last_sign_in_at = iso(now());
    user.updated_at = user.last_sign_in_at;
    return user;
  }

  async function issueSession(user: FakeAuthUser, session: AuthSession): Promise<Record<string, unknown>> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = issuedAt + accessTokenLifetime;
    const key = keys[keys.length - 1] as SigningKey;
    const accessToken = await new SignJWT({
      email: user.email,
      phone: '',
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      // GoTrue names how the session began: OAuth (Kakao) or the magic link the Naver function verifies.
      amr: [{ method: session.provider === 'email' ? 'magiclink' : 'oauth', timestamp: Math.floor(session.createdAt / 1000) }],
      session_id: session.id,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer())
      .setAudience('authenticated')
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key.privateKey);
    const refreshToken = randomToken(16);
    refreshTokens.set(refreshToken, { sessionId: session.id, revoked: false });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenLifetime,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user,
    };
  }

  function endSessions(ids: Iterable<string>): void {
    const ended = new Set(ids);
    for (const id of ended) sessions.delete(id);
    for (const [token, entry] of refreshTokens) if (ended.has(entry.sessionId)) refreshTokens.delete(token);
  }

  /** GoTrue's requireAuthentication: a bearer signed by a published key, not expired, whose session still exists. */
  async function authenticate(req: IncomingMessage): Promise<{ user: FakeAuthUser; sessionId: string }> {
    const match = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        match[1] as string,
        async (header) => {
          const key = keys.find((k) => k.kid === header.kid);
          if (!key) throw new Error('unrecognized kid');
          return key.publicKey;
        },
        { algorithms: ['ES256'], currentDate: new Date(now()) },
      ));
    } catch (error) {
      throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
    }
    const user = users.get(String(payload.sub));
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = String(payload.session_id);
    if (!sessions.has(sessionId)) throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return { user, sessionId };
  }

  function requireServiceRole(req: IncomingMessage): void {
    const match = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (match[1] !== serviceRoleKey) throw new GoTrueError(403, 'not_admin', 'User not allowed');
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(302, { location });
    res.end();
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  /** GoTrue answers `{code, message}` to clients that say API version 2024-01-01 (supabase-js does), else the legacy `{code, error_code, msg}`. */
  function sendError(req: IncomingMessage, res: ServerResponse, error: GoTrueError): void {
    const headers: Record<string, string> = { 'x-sb-error-code': error.errorCode };
    if ((req.headers[API_VERSION_HEADER] ?? '') >= API_VERSION_2024) {
      headers[API_VERSION_HEADER] = API_VERSION_2024;
      sendJson(res, error.status, { code: error.errorCode, message: error.message }, headers);
    } else {
      sendJson(res, error.status, { code: error.status, error_code: error.errorCode, msg: error.message }, headers);
    }
  }

  function authorize(res: ServerResponse, query: URLSearchParams): void {
    const provider = query.get('provider') ?? '';
    if (provider !== 'kakao') throw new GoTrueError(400, 'validation_failed', `Unsupported provider: provider ${provider} could not be found`);
    const codeChallenge = query.get('code_challenge') ?? '';
    const method = (query.get('code_challenge_method') ?? '').toLowerCase();
    if (!codeChallenge || method !== 's256') {
      // The fake speaks PKCE only: the app under test sets flowType 'pkce', and GoTrue's implicit flow hands tokens in the fragment.
      throw new GoTrueError(400, 'validation_failed', 'PKCE flow requires code_challenge_method');
    }
    const requested = query.get('redirect_to') ?? '';
    const state = randomUUID();
    flowStates.set(state, { codeChallenge, provider, redirectTo: redirectAllowed(requested) ? requested : siteUrl() });
    const kakao = new URL(`${url}${KAKAO_AUTHORIZE_PATH}`);
    kakao.searchParams.set('client_id', kakaoClientId);
    kakao.searchParams.set('redirect_uri', `${issuer()}/callback`);
    kakao.searchParams.set('response_type', 'code');
    kakao.searchParams.set('scope', 'account_email profile_image profile_nickname');
    kakao.searchParams.set('state', state);
    redirect(res, kakao.toString());
  }

  async function callback(res: ServerResponse, query: URLSearchParams): Promise<void> {
    const flow = flowStates.get(query.get('state') ?? '');
    const fail = (target: string, error: string, code: string, description: string): void => {
      const to = new URL(target);
      to.searchParams.set('error', error);
      to.searchParams.set('error_code', code);
      to.searchParams.set('error_description', description);
      redirect(res, to.toString());
    };
    if (!flow || flow.userId) return fail(siteUrl(), 'invalid_request', 'bad_oauth_state', 'OAuth state parameter is invalid');
    const providerError = query.get('error');
    if (providerError) {
      flowStates.delete(query.get('state') ?? '');
      return fail(flow.redirectTo, providerError, 'bad_oauth_callback', query.get('error_description') ?? providerError);
    }
    const account = kakaoCodes.get(query.get('code') ?? '');
    kakaoCodes.delete(query.get('code') ?? '');
    if (!account) return fail(flow.redirectTo, 'server_error', 'bad_oauth_callback', 'Error exchanging code with external provider');
    const user = await signInWithKakao(account);
    flow.userId = user.id;
    flow.authCode = randomUUID();
    flow.issuedAt = now();
    const to = new URL(flow.redirectTo);
    to.searchParams.set('code', flow.authCode);
    redirect(res, to.toString());
  }

  async function pkceGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const authCode = stringField(body, 'auth_code');
    const verifier = stringField(body, 'code_verifier');
    if (!authCode || !verifier) throw new GoTrueError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    const entry = [...flowStates].find(([, flow]) => flow.authCode === authCode);
    if (!entry) throw new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    const [state, flow] = entry;
    // Single use whatever the outcome, as GoTrue deletes the flow state once it is looked at past expiry or verified.
    if (now() - (flow.issuedAt ?? 0) > AUTH_CODE_LIFETIME_MS) {
      flowStates.delete(state);
      throw new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (s256(verifier) !== flow.codeChallenge) throw new GoTrueError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    flowStates.delete(state);
    const user = users.get(flow.userId ?? '') as FakeAuthUser;
    const session: AuthSession = { id: randomUUID(), userId: user.id, provider: flow.provider, createdAt: now() };
    sessions.set(session.id, session);
    return issueSession(user, session);
  }

  async function refreshGrant(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = stringField(body, 'refresh_token');
    if (!token) throw new GoTrueError(400, 'validation_failed', 'refresh_token required');
    const entry = refreshTokens.get(token);
    const session = entry && sessions.get(entry.sessionId);
    if (!entry || !session) throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (entry.revoked) {
      // Reuse of a rotated token is GoTrue's sign of a stolen token: the whole session ends.
      endSessions([session.id]);
      throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    entry.revoked = true;
    const user = users.get(session.userId) as FakeAuthUser;
    return issueSession(user, session);
  }

  function listUsers(res: ServerResponse, requestUrl: URL): void {
    // supabase-js sends `?page=&per_page=` when the caller gives none; GoTrue reads an empty value as the default.
    const page = Number(requestUrl.searchParams.get('page') || '1');
    const perPage = Number(requestUrl.searchParams.get('per_page') || String(DEFAULT_PER_PAGE));
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1) {
      throw new GoTrueError(400, 'validation_failed', 'Bad Pagination Parameters');
    }
    // GoTrue's `filter`: `email ILIKE %filter%` (or the name in user_metadata); the Naver function narrows with it.
    const filter = (requestUrl.searchParams.get('filter') ?? '').toLowerCase();
    const all = [...users.values()]
      .filter((u) => !filter || u.email.includes(filter) || String(u.user_metadata.full_name ?? '').toLowerCase().includes(filter))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const totalPages = Math.ceil(all.length / perPage);
    const link = (p: number): string => {
      const u = new URL(requestUrl.toString());
      u.searchParams.set('page', String(p));
      return `<${u.pathname}${u.search}>`;
    };
    const links = [...(totalPages > page ? [`${link(page + 1)}; rel="next"`] : []), `${link(totalPages)}; rel="last"`];
    sendJson(res, 200, { users: all.slice((page - 1) * perPage, page * perPage), aud: 'authenticated' }, { link: links.join(', '), 'x-total-count': String(all.length) });
  }

  async function createUserByAdmin(res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const email = stringField(body, 'email').toLowerCase();
    if (!email) throw new GoTrueError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    if (findUserByEmail(email)) throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    const userMetadata = (typeof body.user_metadata === 'object' && body.user_metadata) || {};
    const appMetadata = (typeof body.app_metadata === 'object' && body.app_metadata) || {};
    const user = await createUser(email, 'email', { ...userMetadata }, { ...appMetadata });
    addIdentity(user, 'email', user.id, { sub: user.id, email, email_verified: body.email_confirm === true, phone_verified: false });
    sendJson(res, 200, user);
  }

  /** GoTrue's adminGenerateLink for `magiclink`: the user's fields with the link's, the hashed token among them. */
  function generateLink(res: ServerResponse, body: Record<string, unknown>): void {
    const type = stringField(body, 'type');
    if (type !== 'magiclink') throw new GoTrueError(400, 'validation_failed', 'Invalid email action link type requested');
    const user = findUserByEmail(stringField(body, 'email'));
    if (!user) throw new GoTrueError(404, 'user_not_found', 'User with this email not found');
    const otp = String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
    const hashedToken = createHash('sha224').update(`${user.email}${otp}${randomToken(8)}`).digest('hex');
    magicLinks.set(hashedToken, { userId: user.id, issuedAt: now() });
    const redirectTo = stringField(body, 'redirect_to') || siteUrl();
    sendJson(res, 200, {
      ...user,
      action_link: `${issuer()}/verify?token=${hashedToken}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo)}`,
      email_otp: otp,
      hashed_token: hashedToken,
      verification_type: 'magiclink',
      redirect_to: redirectTo,
    });
  }

  /** `POST /verify` with a token hash, as verifyOtp sends it: the token is spent and a session begins. */
  async function verify(res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const tokenHash = stringField(body, 'token_hash');
    const type = stringField(body, 'type');
    if (!['magiclink', 'email'].includes(type) || !tokenHash) throw new GoTrueError(400, 'validation_failed', 'Verify requires a verification type and a token hash');
    const link = magicLinks.get(tokenHash);
    magicLinks.delete(tokenHash);
    const user = link && users.get(link.userId);
    if (!link || !user || now() - link.issuedAt > MAGIC_LINK_LIFETIME_MS) throw new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
    user.last_sign_in_at = iso(now());
    const session: AuthSession = { id: randomUUID(), userId: user.id, provider: 'email', createdAt: now() };
    sessions.set(session.id, session);
    sendJson(res, 200, await issueSession(user, session));
  }

  /**
   * PostgREST's authentication: the bearer is the anon key (role anon) or a JWT signed by one of the project's keys,
   * whose `role` claim is the database role the request runs as. No bearer at all is the anonymous role too.
   */
  async function restCaller(req: IncomingMessage): Promise<RestCaller | { status: number; body: Record<string, unknown> }> {
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || bearer === anonKey) return { role: 'anon', claims: { role: 'anon' } };
    const refused = (code: string, message: string) => ({ status: 401, body: { code, message, details: null, hint: null } });
    try {
      const { payload } = await jwtVerify(
        bearer,
        async (header) => {
          const key = keys.find((k) => k.kid === header.kid);
          if (!key) throw new Error('No suitable key or wrong key type');
          return key.publicKey;
        },
        { algorithms: ['ES256'], currentDate: new Date(now()) },
      );
      if (payload.role !== 'authenticated' && payload.role !== 'anon') return refused('PGRST301', `role "${String(payload.role)}" is not a role of this project`);
      return { role: payload.role, claims: payload as Record<string, unknown> };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return refused('PGRST303', 'JWT expired');
      return refused('PGRST301', (error as Error).message);
    }
  }

  async function restRequest(req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<void> {
    const table = requestUrl.pathname.slice('/rest/v1/'.length);
    const caller = await restCaller(req);
    if ('status' in caller) return sendJson(res, caller.status, caller.body, { 'www-authenticate': 'Bearer error="invalid_token"' });
    const answer = await rest.handle(caller, {
      method: req.method ?? 'GET',
      table,
      query: requestUrl.searchParams,
      // Several Prefer headers (supabase-js appends them) arrive as one comma-separated list, as PostgREST reads them.
      headers: { accept: req.headers.accept, prefer: [req.headers.prefer ?? []].flat().join(',') || undefined },
      body: await readBody(req),
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  /** Supabase's functions gateway with `--no-verify-jwt`: the request as the function would get it, its answer as is. */
  async function serveFunction(handler: (req: Request) => Promise<Response>, req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    const response = await handler(new Request(requestUrl, { method, headers, body }));
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  function kakaoConsentPage(res: ServerResponse, query: URLSearchParams): void {
    const field = (name: string): string => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`;
    const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>카카오계정 로그인 (로컬 대역)</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}label{display:block;margin:12px 0 4px}
input[type=email],input[type=text]{width:100%;padding:10px;box-sizing:border-box}button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;font-size:16px}
.agree{background:#fee500;color:#191919}.cancel{background:#eee}</style></head>
<body><main><h1>카카오계정으로 로그인</h1><p>이 페이지는 카카오 동의 화면의 로컬 대역입니다.</p>
<form method="post" action="${KAKAO_AUTHORIZE_PATH}">${field('client_id')}${field('redirect_uri')}${field('state')}
<label for="kakao-email">카카오계정 이메일</label><input id="kakao-email" type="email" name="email" required autocomplete="email">
<label for="kakao-nickname">닉네임</label><input id="kakao-nickname" type="text" name="nickname" autocomplete="nickname">
<p>제공 항목: 카카오계정(이메일), 프로필 사진, 닉네임</p>
<button class="agree" type="submit" name="decision" value="agree">동의하고 계속하기</button>
<button class="cancel" type="submit" name="decision" value="cancel" formnovalidate>취소</button>
</form></main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  /** Kakao's side: a registered redirect URI only (KOE006 otherwise), then back with a one-time code or access_denied. */
  function kakaoConsent(res: ServerResponse, form: URLSearchParams): void {
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== kakaoClientId || redirectUri !== `${issuer()}/callback`) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('KOE006: 등록되지 않은 리다이렉트 URI입니다.');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', form.get('state') ?? '');
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (form.get('decision') === 'cancel' || !email) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User denied access');
      return redirect(res, back.toString());
    }
    const code = randomToken(24);
    // Kakao's member number is stable per account; derived from the email so a second sign-in is the same identity.
    const id = String(parseInt(createHash('sha256').update(email).digest('hex').slice(0, 10), 16));
    kakaoCodes.set(code, { id, email, nickname: (form.get('nickname') ?? '').trim() || email.split('@')[0] || email });
    back.searchParams.set('code', code);
    redirect(res, back.toString());
  }

  function setCors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (!origin) return;
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    res.setHeader('vary', 'Origin');
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    const method = req.method ?? 'GET';
    setCors(req, res);
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers': CORS_ALLOWED_HEADERS,
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }

    if (path === KAKAO_AUTHORIZE_PATH) {
      if (method === 'GET') return kakaoConsentPage(res, requestUrl.searchParams);
      if (method === 'POST') return kakaoConsent(res, new URLSearchParams(await readBody(req)));
    }

    if (path.startsWith(`${NAVER_PREFIX}/`)) {
      const answer = naver(method, path, requestUrl.searchParams, method === 'GET' ? '' : await readBody(req), req.headers.authorization);
      if (answer) {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
    }

    if (path === NAVER_FUNCTION_PATH || path.startsWith(`${NAVER_FUNCTION_PATH}/`)) return serveFunction(naverFunction, req, res, requestUrl);

    if ((path.startsWith('/auth/v1/') && !OPEN_PATHS.has(path)) || path.startsWith('/rest/v1/')) {
      // Supabase's API gateway, before GoTrue: the project's anon or service-role key, as header or query.
      const apikey = req.headers.apikey ?? requestUrl.searchParams.get('apikey');
      if (!apikey) return sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
      if (apikey !== anonKey && apikey !== serviceRoleKey) {
        return sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      }
    }

    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /auth/v1/health':
        return sendJson(res, 200, { version: 'fake', name: 'GoTrue', description: 'Local stand-in for Supabase Auth' });
      case 'GET /auth/v1/.well-known/jwks.json':
        return sendJson(res, 200, { keys: keys.map((k) => k.jwk) }, { 'cache-control': 'public, max-age=600' });
      case 'GET /auth/v1/authorize':
        return authorize(res, requestUrl.searchParams);
      case 'GET /auth/v1/callback':
        return callback(res, requestUrl.searchParams);
      case 'POST /auth/v1/token': {
        const grant = requestUrl.searchParams.get('grant_type');
        const body = await readJson(req);
        if (grant === 'pkce') return sendJson(res, 200, await pkceGrant(body));
        if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body));
        throw new GoTrueError(400, 'validation_failed', 'unsupported_grant_type');
      }
      case 'GET /auth/v1/user': {
        const { user } = await authenticate(req);
        return sendJson(res, 200, user);
      }
      case 'POST /auth/v1/logout': {
        const scope = requestUrl.searchParams.get('scope') ?? 'global';
        if (!['global', 'local', 'others'].includes(scope)) throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
        const { user, sessionId } = await authenticate(req);
        const mine = [...sessions.values()].filter((s) => s.userId === user.id).map((s) => s.id);
        endSessions(scope === 'local' ? [sessionId] : scope === 'others' ? mine.filter((id) => id !== sessionId) : mine);
        res.writeHead(204);
        res.end();
        return;
      }
      case 'GET /auth/v1/admin/users':
        requireServiceRole(req);
        return listUsers(res, requestUrl);
      case 'POST /auth/v1/admin/users':
        requireServiceRole(req);
        return createUserByAdmin(res, await readJson(req));
      case 'POST /auth/v1/admin/generate_link':
        requireServiceRole(req);
        return generateLink(res, await readJson(req));
      case 'POST /auth/v1/verify':
        return verify(res, await readJson(req));
    }
    if (/^\/rest\/v1\/[A-Za-z_][A-Za-z0-9_]*$/.test(path)) return restRequest(req, res, requestUrl);
    throw new GoTrueError(404, 'not_found', 'Not Found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof GoTrueError) return sendError(req, res, error);
      console.error('fake supabase auth: unexpected failure', error);
      if (!res.headersSent) sendJson(res, 500, { code: 'unexpected_failure', message: 'Internal Server Error' });
      else res.end();
    });
  });
  // A hosted API keeps idle connections far longer than node's 5 s; a shorter server side races the SDK's reuse.
  Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  if (options.restDatabaseAtStart) await rest.warm();
  const { port } = server.address() as AddressInfo;
  url = (options.issuerBase ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const naverBase = `${url}${NAVER_PREFIX}`;
  // The function as index.ts builds it for Deno, with the same adapters, pointed at this fake's Naver and Auth.
  naverFunction = createNaverLoginHandler({
    config: {
      clientId: naverClientId,
      callbackUrl: naverCallbackUrl(),
      appOrigins: options.naverAppOrigins ?? [new URL(siteUrl()).origin],
      authorizeUrl: `${naverBase}/oauth2.0/authorize`,
    },
    naver: naverHttp({ clientId: naverClientId, clientSecret: naverClientSecret, oauthBase: naverBase, apiBase: naverBase }),
    users: supabaseAdminUsers({ supabaseUrl: url, serviceRoleKey }),
    randomState,
    log: options.functionLog ?? (() => {}),
  });

  return {
    url,
    issuer: issuer(),
    jwksUrl: `${issuer()}/.well-known/jwks.json`,
    anonKey,
    serviceRoleKey,
    users,
    restUrl: `${url}/rest/v1`,
    naverFunctionUrl: `${url}${NAVER_FUNCTION_PATH}`,
    queryAsOwner: (sql, params) => rest.queryAsOwner(sql, params),
    async rotateKey() {
      const key = await newSigningKey();
      keys.push(key);
      return key.kid;
    },
    setAccessTokenLifetime(seconds) {
      accessTokenLifetime = seconds;
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await rest.close();
    },
  };
}
