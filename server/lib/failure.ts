/**
 * A failure the caller should see: the status and the Korean message of the envelope. Any layer may throw it;
 * the dispatcher (server/openapi/dispatch.ts) turns it into the envelope.
 */
export class Failure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers the refusal carries besides the envelope's (`Retry-After` of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const fail = (status: number, message: string): never => {
  throw new Failure(status, message);
};
