// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * The common response envelope (spec §7), checked once at the client boundary.
 *
 * The check is written out by hand because it runs on the first paint, where zod/mini alone would cost
 * ≈ 5 KB gzip of the 15 % initial-JS budget (docs/decisions.md, "First paint and budgets").
 * `envelope.test.ts` holds it to the zod schema of the same shape on thousands of generated values.
 */
export type Envelope = {
  success: boolean;
  respMessage?: string | null | undefined;
  datas?: unknown;
};

/** The envelope when `body` is one, otherwise undefined. */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { success, respMessage } = body as Record<string, unknown>;
  if (typeof success !== 'boolean') return undefined;
  if (respMessage !== undefined && respMessage !== null && typeof respMessage !== 'string') return undefined;
  return body as Envelope;
}
