import type { Middleware } from 'openapi-fetch';
import { ApiError, NETWORK_FAILURE_MESSAGE } from './errors';
import { currentAccessToken, envelope, sessionTokenSent } from './client';

/**
 * A call the API refused 401 to the session's token (issue 41), loaded at the first refusal only: a visitor's first
 * chunk does not carry it. The auth layer refreshes the session once (or ends it and says why); the call is then
 * sent again once with the new token, and its answer is the caller's.
 *
 * A file upload is not replayed (client.ts keeps no copy of its body). Why any other call may be replayed once: the server answers 401 before it runs an operation (server/openapi/dispatch.ts;
 * handlers' own 401s are "no member" checks before any write), so the refused call did nothing and the replay is its
 * first run. Money is the exception: a write under /api/Payment/ is replayed only with its Idempotency-Key (Save,
 * RequestRefund), or when it is UpdatePaid, which confirms from PortOne's own record and is idempotent by design; a
 * future payment write without a key is not sent twice on that argument alone. A replay refused again is never sent
 * a third time (it has no unsent copy): the auth layer then ends the session.
 */

type Answer = Parameters<NonNullable<Middleware['onResponse']>>[0];

/** The last refresh after a refusal: a call refused with its old token goes on with its new one. */
let refreshed: { from?: string | undefined; to?: string | undefined } = {};

function replayable(request: Request, schemaPath: string): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || !schemaPath.startsWith('/api/Payment/')) return true;
  return request.headers.has('Idempotency-Key') || schemaPath === '/api/Payment/UpdatePaid/';
}

/**
 * The first call to hear of the refusal asks the auth layer (calls refused together share its one answer); a call
 * whose token changed meanwhile goes on only with a refresh's new token, not after a sign-out or another sign-in.
 */
export default async function replayAfterRefusal(answer: Answer, message: string, sessionRejected: () => unknown): Promise<Response> {
  const { request, response, schemaPath, options } = answer;
  const [sent, body] = sessionTokenSent.get(request) ?? [];
  const copy = body === undefined ? undefined : new Request(request, body === null ? {} : { body });
  if (currentAccessToken() === sent && (await sessionRejected()) === true) refreshed = { from: sent, to: currentAccessToken() };
  const now = currentAccessToken();
  const operation = `${request.method} ${schemaPath}`;
  const goesOn = !!now && now !== sent && sent === refreshed.from && now === refreshed.to;
  // A file upload keeps no copy (client.ts): the session goes on, so its screen says it failed and 다시 시도 sends it
  // with the new token; only an ended session is said once, by the sign-out.
  if (goesOn && !copy) throw new ApiError('http', message, response.status, operation);
  if (!copy || !goesOn || !replayable(copy, schemaPath)) throw new ApiError('http', message, response.status, operation, true);
  copy.headers.set('Authorization', `Bearer ${now}`);
  // A replay carries no copy of its own: refused again, it is not sent a third time.
  sessionTokenSent.set(copy, [now]);
  let again: Response;
  try {
    again = await options.fetch(copy);
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError('network', NETWORK_FAILURE_MESSAGE, undefined, operation);
  }
  return (await envelope.onResponse!({ ...answer, request: copy, response: again })) as Response;
}
