import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { verifiedTokenMemo } from './verifiedTokens';

/** How a member signs in, as the store records it (members.sns_type). */
export type SignInProvider = 'kakao' | 'naver';

/** Who a verified Supabase access token names: the auth user's id, the email Supabase signed into it, and the provider. */
export interface SupabaseIdentity {
  sub: string;
  email: string;
  /** null when the token names neither (an account made some other way). */
  provider: SignInProvider | null;
}

/**
 * The provider this session signed in with, from what only the auth service (and the service role) writes, never the
 * member. Kakao is Supabase's own OAuth provider, so a Kakao session's `amr` says `oauth`; Naver members are made by
 * the naver-login function through the admin API (Supabase records them as `email`, the function marks them with
 * `app_metadata.naver_id`) and signed in by a magic link it verifies (`amr` not `oauth`). The session's method
 * matters because Supabase links a Kakao sign-in to an existing user with the same email: that user then carries
 * both (issue 41: the account is its own provider's, server/domain/member.ts).
 */
export function providerOf(appMetadata: unknown, amr?: unknown): SignInProvider | null {
  if (!appMetadata || typeof appMetadata !== 'object') return null;
  const m = appMetadata as { provider?: unknown; providers?: unknown; naver_id?: unknown };
  const kakao = m.provider === 'kakao' || (Array.isArray(m.providers) && m.providers.includes('kakao'));
  const oauth = Array.isArray(amr) && amr.some((a) => (a as { method?: unknown } | null)?.method === 'oauth');
  if (kakao && oauth) return 'kakao';
  if (typeof m.naver_id === 'string' && m.naver_id) return 'naver';
  return kakao ? 'kakao' : null;
}

export interface SupabaseTokenSettings {
  /** The project's public URL (`https://<ref>.supabase.co`): the issuer is `{url}/auth/v1`, the keys at `{url}/auth/v1/.well-known/jwks.json`. */
  url: string;
  /** The project's legacy HS256 JWT secret; unset, an HS256 token is refused whatever it is signed with. */
  jwtSecret?: string | undefined;
}

/**
 * Least time between two JWKS fetches for unknown kids. jose's default (30 s) would refuse every member for up to 30 s
 * after a rotation whose new key the last fetch had not seen yet; a second bounds what forged kids can make this
 * server fetch from the project to one small GET per second per instance (concurrent misses share one fetch).
 */
const KID_REFETCH_COOLDOWN_MS = 1_000;

/** The asymmetric algorithms Supabase signs with (ES256 by default for new projects, RS256 possible). Never `none`. */
const ASYMMETRIC = ['ES256', 'RS256'];

/**
 * Verifies Supabase Auth access tokens. Kept in lib because it needs nothing of the server but jose: which member a
 * token names is the domain's question (server/domain/member.ts). `createRemoteJWKSet` fetches the project's JWKS on
 * first use, keeps it (10 minutes), and refetches for a `kid` it does not know (a rotated key).
 */
export function createSupabaseTokenVerifier(settings: SupabaseTokenSettings) {
  const base = settings.url.replace(/\/+$/, '');
  const issuer = `${base}/auth/v1`;
  const keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { cooldownDuration: KID_REFETCH_COOLDOWN_MS });
  const secret = settings.jwtSecret ? new TextEncoder().encode(settings.jwtSecret) : undefined;
  const verified = verifiedTokenMemo<SupabaseIdentity>();
  const checks = { issuer, audience: 'authenticated', requiredClaims: ['exp', 'sub'] };

  async function verifySignature(token: string): Promise<JWTPayload> {
    // The header only picks the key source; jose checks the algorithm against each source's own list again.
    const { alg } = decodeProtectedHeader(token);
    if (alg === 'HS256') {
      if (!secret) throw new Error('HS256 without SUPABASE_JWT_SECRET');
      return (await jwtVerify(token, secret, { ...checks, algorithms: ['HS256'] })).payload;
    }
    return (await jwtVerify(token, keys, { ...checks, algorithms: ASYMMETRIC })).payload;
  }

  return {
    /** The token's identity, or undefined for anything that does not verify (a refresh token is not even a JWT). */
    async verify(token: string): Promise<SupabaseIdentity | undefined> {
      const known = verified.get(token);
      if (known) return known;
      try {
        const payload = await verifySignature(token);
        // `anon` and `service_role` keys verify too (same issuer and key): only a signed-in user's token names a member.
        if (payload.role !== 'authenticated') return undefined;
        if (typeof payload.sub !== 'string' || payload.sub === '') return undefined;
        if (typeof payload.email !== 'string' || payload.email === '') return undefined;
        const identity = { sub: payload.sub, email: payload.email, provider: providerOf(payload.app_metadata, payload.amr) };
        verified.remember(token, identity, payload.exp! * 1000);
        return identity;
      } catch {
        return undefined;
      }
    },
  };
}

export type SupabaseTokenVerifier = ReturnType<typeof createSupabaseTokenVerifier>;

