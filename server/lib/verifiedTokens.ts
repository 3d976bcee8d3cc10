/** Most entries a process keeps: one per member signed in within the last hour on a busy day. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Tokens already verified, until their own expiry. Verifying a signature costs more than a member read's query
 * (jose through WebCrypto: a key import and a thread-pool job per call for HS256, more for ES256), and a signature
 * that was valid stays valid until the token expires, which is checked here again. A key removed from a JWKS is only
 * noticed on jose's next refetch anyway, so the memo keeps no token alive past its own expiry. The oldest entry
 * makes room when it is full.
 */
export function verifiedTokenMemo<Identity>() {
  const entries = new Map<string, { identity: Identity; expiresAt: number }>();
  return {
    get(token: string): Identity | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt > Date.now()) return entry.identity;
      entries.delete(token);
      return undefined;
    },
    remember(token: string, identity: Identity, expiresAt: number): void {
      if (entries.size >= VERIFIED_TOKENS_MAX) entries.delete(entries.keys().next().value!);
      entries.set(token, { identity, expiresAt });
    },
  };
}
