import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { verifiedTokenMemo } from '../lib/verifiedTokens';

export const ACCESS_TTL = '1h';
export const REFRESH_TTL = '14d';

export interface LocalAuth {
  kind: 'local';
  issue(member: { useruid: string; email: string; name: string }): Promise<{ accessToken: string; refreshToken: string }>;
  verify(token: string): Promise<{ useruid: string; email: string } | undefined>;
}

/**
 * Local stand-in for the outside auth service: HS256 JWTs signed with jose. The secret comes from
 * LOCAL_JWT_SECRET, else a random one persisted in the data dir so tokens survive restarts.
 */
export function createLocalAuth(dataDir: string | undefined): LocalAuth {
  const key = new TextEncoder().encode(resolveSecret(dataDir));
  const verified = verifiedTokenMemo<{ useruid: string; email: string }>();
  const sign = (claims: Record<string, unknown>, subject: string, ttl: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setIssuer('local-auth')
      .setExpirationTime(ttl)
      .sign(key);
  return {
    kind: 'local',
    async issue(m) {
      const claims = { email: m.email, useruid: m.useruid, username: m.name };
      return {
        accessToken: await sign({ ...claims, typ: 'access' }, m.useruid, ACCESS_TTL),
        refreshToken: await sign({ ...claims, typ: 'refresh' }, m.useruid, REFRESH_TTL),
      };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'local-auth', algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') return undefined;
        const member = { useruid: payload.sub, email: String(payload.email ?? '') };
        if (typeof payload.exp === 'number') verified.remember(token, member, payload.exp * 1000);
        return member;
      } catch {
        return undefined;
      }
    },
  };
}

function resolveSecret(dataDir: string | undefined): string {
  if (process.env.LOCAL_JWT_SECRET) return process.env.LOCAL_JWT_SECRET;
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'dev-jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
