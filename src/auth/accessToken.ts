// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** The payload of a JWT (its middle part), or undefined when it is not one. Signatures are the server's business. */
export function jwtPayload(token: string): unknown {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * An access token counts only when it decodes and its expiry is later than now (spec §4, §5).
 * Anything else (missing, tampered, expired, no exp) counts as logged out.
 */
export function isAccessTokenValid(token: string | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  const payload = jwtPayload(token);
  const exp = typeof payload === 'object' && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
  return typeof exp === 'number' && exp * 1000 > now;
}
