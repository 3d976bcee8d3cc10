// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { ApiError, TIMEOUT_MESSAGE } from './errors';

/**
 * How long any call may go unanswered (no response headers) before it is aborted and the screen says so
 * (docs/decisions.md, issue 15). Spec §9 sets no time-out; uploads use their own transport and are not cut off.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Wraps a fetch so every call is aborted after REQUEST_TIMEOUT_MS and fails as an ApiError of kind 'timeout'.
 * A plain AbortController and setTimeout (not AbortSignal.timeout) so a browser test's fake clock can run it out.
 */
export function withTimeout(
  fetchImpl: () => typeof fetch,
  operationOf: (request: Request) => string,
  /** Another signal that ends the call: the one of the query that made it (src/api/callSignal.ts). */
  alsoAbortedBy: (input: RequestInfo | URL) => AbortSignal | undefined = () => undefined,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const controller = new AbortController();
    // The caller's own cancel (React Query leaving a page, or 다시 시도 on a hung call) still aborts the call.
    const signals = [request.signal, alsoAbortedBy(input)].filter((s): s is AbortSignal => s !== undefined);
    const cancel = () => controller.abort(signals.find((s) => s.aborted)?.reason);
    for (const s of signals) {
      if (s.aborted) cancel();
      else s.addEventListener('abort', cancel, { once: true });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    try {
      return await fetchImpl()(request, { signal: controller.signal });
    } catch (e) {
      if (timedOut) throw new ApiError('timeout', TIMEOUT_MESSAGE, undefined, operationOf(request));
      throw e;
    } finally {
      clearTimeout(timer);
      for (const s of signals) s.removeEventListener('abort', cancel);
    }
  };
}
