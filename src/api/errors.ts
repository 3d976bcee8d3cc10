// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Why a call failed; the screen only ever shows `message`, logs get `kind` and `status` too. */
export type ApiErrorKind = 'http' | 'network' | 'parse' | 'server' | 'timeout';

/** Shown when the server gave no message of its own. */
export const GENERIC_FAILURE_MESSAGE = '요청을 처리하지 못했습니다. 잠시 후 다시 시도해주세요.';
export const NETWORK_FAILURE_MESSAGE = '서버에 연결할 수 없습니다. 네트워크 상태를 확인해주세요.';
export const PARSE_FAILURE_MESSAGE = '서버 응답을 해석할 수 없습니다. 잠시 후 다시 시도해주세요.';
export const TIMEOUT_MESSAGE = '응답이 지연되고 있습니다. 잠시 후 다시 시도해주세요.';

/**
 * The one error every API failure becomes (spec §8: "every API failure reaches the screen as the
 * client error message"). `message` is the server's `respMessage` whenever it sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly operation?: string,
    /** The API refused this browser's own session (401): the sign-out says so once, no screen repeats it. */
    readonly sessionEnded = false,
  ) {
    super(message);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * Whether React Query should ask once more on its own: only for failures another attempt may cure (a dropped
 * connection, a 5xx, a garbled body). A time-out has already kept the member waiting; a 4xx or `success: false`
 * would answer the same again.
 */
export function isWorthRetrying(e: unknown): boolean {
  if (!isApiError(e)) return true;
  if (e.kind === 'timeout' || e.kind === 'server') return false;
  return e.status === undefined || e.status >= 500;
}
