import { jwtPayload } from './accessToken';

// Only the identity runtime asks whom a token names: apart from ./accessToken, which travels with the first paint.
/** Whom a token names (`sub`), undecoded signature and all; undefined when it is not a JWT with one. */
export function accessTokenSubject(token: string | undefined): string | undefined {
  const payload = token ? jwtPayload(token) : undefined;
  const sub = typeof payload === 'object' && payload !== null ? (payload as { sub?: unknown }).sub : undefined;
  return typeof sub === 'string' && sub ? sub : undefined;
}
