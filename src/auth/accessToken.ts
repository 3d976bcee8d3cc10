import { jwtDecode } from 'jwt-decode';

/**
 * An access token counts only when it decodes and its expiry is later than now (spec §4, §5).
 * Anything else (missing, tampered, expired, no exp) counts as logged out.
 */
export function isAccessTokenValid(token: string | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
