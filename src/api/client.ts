// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as contractPaths } from './schema.gen';
import { config } from '../config';
import { readEnvelope } from './envelope';
import { ApiError, GENERIC_FAILURE_MESSAGE, NETWORK_FAILURE_MESSAGE, PARSE_FAILURE_MESSAGE } from './errors';
import { withTimeout } from './timeout';
import { currentCallSignal } from './callSignal';

/** The only call that carries the application id / key (spec §7). */
const CATEGORY_PATH = '/api/Category/GetList/category';

/**
 * The yaml declares the common header (and the category call's application id / key) as required
 * header parameters, so the server may insist on them. The `headers` middleware below sends them on
 * every call, so callers never pass them: the client's types drop `parameters.header`.
 */
type WithoutHeaderParams<Op> = Op extends { parameters: infer Params }
  ? Omit<Op, 'parameters'> & { parameters: Omit<Params, 'header'> & { header?: never } }
  : Op;
export type paths = {
  [Path in keyof contractPaths]: { [Method in keyof contractPaths[Path]]: WithoutHeaderParams<contractPaths[Path][Method]> };
};

type TokenSource = () => string | undefined;
let accessTokenSource: TokenSource = () => undefined;

/** The auth layer registers where the bearer token comes from; the client never reads cookies itself. */
export function setAccessTokenSource(source: TokenSource): void {
  accessTokenSource = source;
}

/** Resolves true when the session goes on with a refreshed token, false (or nothing) when it has ended. */
type SessionRejected = () => Promise<boolean> | boolean | void;
let sessionRejected: SessionRejected = () => {};
/**
 * The auth layer registers what happens when the API answers 401 to this browser's own session token (the member
 * left, or the token expired): the one place that refreshes the session once or signs the member out and says why
 * (src/auth/identity.ts).
 */
export function setSessionRejectedHandler(handler: SessionRejected): void {
  sessionRejected = handler;
}

/**
 * The session token a request carried, when the client added it (a sign-in in progress sends its own), and a copy of
 * the request taken before it was sent, to replay it once after a refresh (./replay).
 */
export const sessionTokenSent = new WeakMap<Request, [token: string, body?: string | null]>();
/** The signal of the query a request was made for (src/api/callSignal.ts): its 다시 시도 aborts the request. */
const querySignalOf = new WeakMap<Request, AbortSignal>();

function operationOf(request: Request, schemaPath: string): string {
  return `${request.method} ${schemaPath}`;
}

const headers: Middleware = {
  async onRequest({ request, schemaPath }) {
    // openapi-fetch calls the first middleware before its first await: still inside the query function's call.
    const querySignal = currentCallSignal();
    request.headers.set('X-Storefront-Client', config.VITE_CLIENT_HEADER);
    if (schemaPath === CATEGORY_PATH) {
      request.headers.set('X-Application-Id', config.VITE_CATEGORY_APP_ID);
      request.headers.set('X-Application-Key', config.VITE_CATEGORY_APP_KEY);
    }
    const token = accessTokenSource();
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
      // What a replay sends again (./replay): a JSON body, read once and sent as text (a clone would tee it into a
      // stream, which a keepalive call may not carry), null for none; a file upload is not kept (undefined).
      const type = request.headers.get('content-type');
      const body = type?.includes('json') ? await request.text() : type ? undefined : null;
      if (body) request = new Request(request, { body });
      sessionTokenSent.set(request, [token, body]);
    }
    if (querySignal) querySignalOf.set(request, querySignal);
    return request;
  },
};

/**
 * One error path: HTTP failure, network failure, an unparsable body and `success: false`
 * all become an ApiError carrying the server's respMessage.
 */
export const envelope: Middleware = {
  async onResponse(answer) {
    const { request, response, schemaPath } = answer;
    const operation = operationOf(request, schemaPath);
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) {
      if (!response.ok) throw new ApiError('http', GENERIC_FAILURE_MESSAGE, response.status, operation);
      return response; // blobs, video, PDFs
    }
    let body: unknown;
    try {
      body = await response.clone().json();
    } catch {
      throw new ApiError('parse', PARSE_FAILURE_MESSAGE, response.status, operation);
    }
    const envelope = readEnvelope(body);
    if (!envelope) throw new ApiError('parse', PARSE_FAILURE_MESSAGE, response.status, operation);
    const message = envelope.respMessage || GENERIC_FAILURE_MESSAGE;
    // A 401 to the session's own token: refreshed and replayed once, or the session has ended (./replay, loaded then).
    if (response.status === 401 && sessionTokenSent.has(request)) return import('./replay').then((m) => m.default(answer, message, sessionRejected));
    if (!response.ok) throw new ApiError('http', message, response.status, operation);
    if (!envelope.success) throw new ApiError('server', message, response.status, operation);
    return response;
  },
  onError({ error, request, schemaPath }) {
    if (error instanceof ApiError) return error;
    return new ApiError('network', NETWORK_FAILURE_MESSAGE, undefined, operationOf(request, schemaPath));
  },
};

/** The session's bearer token as the client sends it (the console's tus uploads send it too: src/api/sessionHeaders.ts). */
export const currentAccessToken = () => accessTokenSource();

export function createApiClient(baseUrl: string = config.VITE_API_BASE, fetchImpl?: typeof fetch) {
  const client = createClient<paths>({
    baseUrl: baseUrl || (globalThis.location?.origin ?? 'http://localhost'),
    // Read at call time, so a test (or a polyfill) that replaces the global fetch later is still used.
    fetch: withTimeout(
      () => fetchImpl ?? globalThis.fetch,
      (request) => request.method + ' ' + new URL(request.url).pathname,
      (input) => (input instanceof Request ? querySignalOf.get(input) : undefined),
    ),
  });
  client.use(headers, envelope);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's one client. */
export const api: ApiClient = createApiClient();

/**
 * Unwraps `datas` from a call whose failures the middleware has already turned into ApiError.
 * Usage: `const lectures = await datasOf(api.POST('/api/Contents/GetOnlineLectures/', { body }))`.
 */
export async function datasOf<D extends { datas?: unknown }>(
  call: Promise<{ data?: D; error?: unknown; response: Response }>,
): Promise<NonNullable<D['datas']>> {
  const { data, response } = await call;
  if (!data || data.datas === undefined || data.datas === null) {
    throw new ApiError('parse', PARSE_FAILURE_MESSAGE, response.status, response.url);
  }
  return data.datas as NonNullable<D['datas']>;
}
