import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a signed download or media link works: long enough to start a download or a lesson. */
export const SIGNED_URL_TTL_SECONDS = 600;

// From the environment in any shared deployment; a fresh random key per process otherwise (links
// then die with a restart, which only costs a page reload). Never a committed value.
const KEY = process.env.SIGNED_URL_SECRET || randomBytes(32).toString('hex');

const mac = (resource: string, expires: number) =>
  createHmac('sha256', KEY).update(`${resource}\n${expires}`).digest('base64url');

/** `expires` (unix seconds) and `signature` for a resource, e.g. `file:<name>` or `media:<path>`. */
export function sign(
  resource: string,
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
  now = Date.now(),
): { expires: number; signature: string } {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return { expires, signature: mac(resource, expires) };
}

/** True when the signature was made by this server for this resource and has not expired. */
export function verifySignature(resource: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
  const exp = Number(expires);
  if (!Number.isInteger(exp) || exp < Math.floor(now / 1000) || typeof signature !== 'string') return false;
  const expected = Buffer.from(mac(resource, exp));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query string suffix of a signed link. */
export function signedQuery(resource: string, ttlSeconds?: number): string {
  const { expires, signature } = sign(resource, ttlSeconds);
  return `&expires=${expires}&signature=${signature}`;
}
