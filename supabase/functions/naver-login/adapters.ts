/**
 * The real outside calls of the Naver function, over `fetch` only (no Deno globals, no supabase-js), so they are
 * unit-tested under Node against a local HTTP server and run unchanged in Supabase's Deno runtime.
 */
import type { AuthUser, NaverPort, NaverProfileAnswer, NaverTokenAnswer, SessionTokens, UsersPort } from './handler.ts';

type Fetch = typeof fetch;

/** An outside call that hangs must not hold the member on a blank page until the platform kills the function. */
const CALL_TIMEOUT_MS = 10_000;

/** 32 random bytes as hex: the OAuth `state`. */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function json(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what}: HTTP ${res.status}, not JSON`);
  }
}

export interface NaverHttpOptions {
  clientId: string;
  clientSecret: string;
  /** `https://nid.naver.com` (token endpoint `/oauth2.0/token`). */
  oauthBase?: string;
  /** `https://openapi.naver.com` (profile `/v1/nid/me`). */
  apiBase?: string;
  fetch?: Fetch;
}

export function naverHttp(options: NaverHttpOptions): NaverPort {
  const doFetch = options.fetch ?? fetch;
  // Joined as text, not `new URL('/path', base)`: a base with a path (a local stand-in of Naver) keeps it.
  const oauthBase = (options.oauthBase ?? 'https://nid.naver.com').replace(/\/+$/, '');
  const apiBase = (options.apiBase ?? 'https://openapi.naver.com').replace(/\/+$/, '');
  return {
    async exchange(code, state) {
      // Naver's documented form: the parameters in the query (GET or POST); an error comes back as HTTP 200 + `error`.
      const url = new URL(`${oauthBase}/oauth2.0/token`);
      url.search = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        code,
        state,
      }).toString();
      const res = await doFetch(url, { method: 'POST', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      const body = (await json(res, 'Naver token endpoint')) as NaverTokenAnswer;
      if (!res.ok && !body.error) return { error: `http_${res.status}` };
      return body;
    },
    async profile(accessToken) {
      const res = await doFetch(new URL(`${apiBase}/v1/nid/me`), {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      // A refused token answers 401 with the same wrapper (resultcode '024'): the handler reads resultcode.
      return (await json(res, 'Naver profile endpoint')) as NaverProfileAnswer;
    },
  };
}

export interface SupabaseAdminOptions {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: Fetch;
}

interface GoTrueUser {
  id: string;
  email?: string;
  app_metadata?: { naver_id?: unknown };
}

function authUserOf(user: GoTrueUser): AuthUser {
  const naverId = user.app_metadata?.naver_id;
  return { id: user.id, email: user.email ?? '', naverId: typeof naverId === 'string' && naverId ? naverId : null };
}

/** Users found per page of the admin list; the email filter is a substring match, so a few pages at most. */
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/**
 * Supabase Auth's admin API (GoTrue, `{SUPABASE_URL}/auth/v1/admin/…`) with the service-role key: the endpoints
 * supabase-js's `auth.admin` calls (listUsers, createUser, generateLink), and `/verify` as `verifyOtp` calls it.
 */
export function supabaseAdminUsers(options: SupabaseAdminOptions): UsersPort {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
  const headers = {
    apikey: options.serviceRoleKey,
    authorization: `Bearer ${options.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const res = await doFetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    return { status: res.status, body: await json(res, `Supabase Auth ${path.split('?')[0]}`) };
  };
  const failed = (what: string, status: number, body: unknown) =>
    new Error(`${what}: HTTP ${status} ${(body as { error_code?: string })?.error_code ?? ''}`.trim());

  return {
    async findByEmail(email) {
      const wanted = email.toLowerCase();
      for (let page = 1; page <= MAX_PAGES; page++) {
        // `filter` is GoTrue's `email LIKE %filter%`: the exact (case-insensitive) match is picked here.
        const query = new URLSearchParams({ page: String(page), per_page: String(PAGE_SIZE), filter: email });
        const { status, body } = await call(`/admin/users?${query}`);
        if (status !== 200) throw failed('list users', status, body);
        const list = (body as { users?: GoTrueUser[] }).users ?? [];
        const match = list.find((u) => u.email?.toLowerCase() === wanted);
        if (match) return authUserOf(match);
        if (list.length < PAGE_SIZE) return null;
      }
      throw new Error(`list users: more than ${MAX_PAGES * PAGE_SIZE} users match the email filter`);
    },
    async create({ email, name, naverId }) {
      const { status, body } = await call('/admin/users', {
        method: 'POST',
        body: JSON.stringify({
          email,
          email_confirm: true,
          user_metadata: { name, provider: 'naver' },
          // app_metadata, not user_metadata: a member can rewrite their own user_metadata, only the service role this.
          app_metadata: { naver_id: naverId },
        }),
      });
      if (status === 422 && (body as { error_code?: string }).error_code === 'email_exists') return null;
      if (status !== 200 && status !== 201) throw failed('create user', status, body);
      return authUserOf(body as GoTrueUser);
    },
    async issueSession(user): Promise<SessionTokens> {
      // A one-time magic-link token, redeemed at once: the same session a member signing in by email link would get.
      const link = await call('/admin/generate_link', {
        method: 'POST',
        body: JSON.stringify({ type: 'magiclink', email: user.email }),
      });
      if (link.status !== 200) throw failed('generate link', link.status, link.body);
      const linkBody = link.body as { hashed_token?: string; properties?: { hashed_token?: string } };
      const tokenHash = linkBody.hashed_token ?? linkBody.properties?.hashed_token;
      if (!tokenHash) throw new Error('generate link: no hashed_token');
      const verified = await call('/verify', {
        method: 'POST',
        body: JSON.stringify({ type: 'magiclink', token_hash: tokenHash }),
      });
      const session = verified.body as { access_token?: string; refresh_token?: string; user?: { id?: string } };
      if (verified.status !== 200 || !session.access_token || !session.refresh_token) {
        throw failed('verify magic link', verified.status, verified.body);
      }
      if (session.user?.id && session.user.id !== user.id) throw new Error('verify magic link: session for another user');
      return { accessToken: session.access_token, refreshToken: session.refresh_token };
    },
  };
}
