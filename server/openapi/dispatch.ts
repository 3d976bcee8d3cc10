import type { Context } from 'hono';
import { Failure } from '../lib/failure';
import type { Ctx, Handler, Services } from './context';
import { OperationRouter } from './router';
import { listOperations, type Json, type OperationSpec } from './spec';
import { ContractValidator } from './validator';
import { HotCache, cacheKey, matchesEtag, JSON_TYPE, type CachedResponse } from './cache';
import type { CacheTags } from './cacheTags';
import { jsonTooDeep, readJsonText, readLimitedForm, unstorable } from './limits';
import { memberHasLeft } from '../domain/member';
import { staffOf } from '../domain/staff';
import { viewAsRequest } from '../domain/viewAs';
import { sql } from 'kysely';

const BAD_REQUEST = '요청 값이 올바르지 않습니다.';
const noticeFailed = (e: Error) => console.error(`[server] write notice to other instances failed: ${e.message}`);
const UNAUTHORIZED = '로그인 후 이용해주세요.';
const NOT_STAFF = '운영진만 이용할 수 있습니다.';
const WRONG_ROLE = '이 작업을 할 권한이 없습니다.';
/** What a Supabase sign-in whose email has no account yet may call: find out, and create it (spec §4). */
const FIRST_SIGN_IN = new Set(['checkUserAccount', 'createSnsUser']);
const SERVER_ERROR = '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.';

export interface DispatchOptions {
  /** Check every JSON response against the yaml (on outside production). */
  validateResponses: boolean;
  /** Replace handlers by operationId (tests prove that a broken provider fails verification). */
  overrides?: Record<string, Handler> | undefined;
  /** What each operation reads and writes, for the catalogue cache (shared with the request fast path). */
  cacheTags: CacheTags;
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

const envelope = (status: number, respMessage: string) =>
  new Response(JSON.stringify({ success: false, respMessage }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * Routes a request to its yaml operation, checks path, query, headers and body against the yaml,
 * authenticates secured operations, runs the handler and (outside production) checks the response.
 */
export function createDispatcher(doc: Json, handlers: Record<string, Handler>, services: Services, options: DispatchOptions) {
  const ops = listOperations(doc);
  const missing = ops.filter((op) => !handlers[op.operationId] && !options.overrides?.[op.operationId]).map((op) => op.operationId);
  if (missing.length) console.warn(`[server] operations without a handler: ${missing.join(', ')}`);
  const router = new OperationRouter(ops);
  const validator = new ContractValidator(doc);
  const cache = new HotCache(options.cacheTags);
  const tags = options.cacheTags;

  async function dispatch(c: Context): Promise<Response | undefined> {
    const url = new URL(c.req.url);
    const match = router.match(c.req.method, url.pathname);
    if (!match) return undefined;
    const { op } = match;
    const handler = options.overrides?.[op.operationId] ?? handlers[op.operationId];
    if (!handler) return envelope(501, '아직 제공되지 않는 기능입니다.');

    const cacheable = cache.isCacheable(op.operationId);
    const mark = cache.mark();
    let key = '';
    let ctx: Ctx | undefined;
    try {
      // A JSON body is read once, within the size limit, and refused when too deep before anything parses it.
      const raw = op.bodyContentType?.includes('json') ? await readJsonText(c.req.raw) : undefined;
      if (raw !== undefined && jsonTooDeep(raw)) throw new Failure(400, `${BAD_REQUEST} (JSON 중첩이 너무 깊습니다)`);
      if (cacheable) {
        // The same key the fast path in front of Hono computes (server/http/fastpath.ts), from the request as received.
        key = cacheKey(op, c.req.method, url.pathname, url.search, (name) => c.req.header(name), raw === undefined ? undefined : parseOrText(raw));
        const hit = cache.get(key);
        if (hit) return cachedResponse(hit, c.req.header('if-none-match'));
      }
      ctx = await buildContext(c, op, match.params, url, validator, services, raw);
      const result = ctx.viewAs ? await readOnly(ctx, handler) : await handler(ctx);
      // The write is done: a notice that fails to reach the other instances is logged, never the member's error.
      await cache.invalidate(tags.touchedBy(op.operationId, ctx))?.catch(noticeFailed);
      if (result instanceof Response) return result;
      const status = result.status ?? 200;
      const response = await respond(op, status, result.body, validator, options);
      // Only a body that passed response validation (outside production) is ever stored.
      if (cacheable && status === 200 && response.status === 200) {
        const entry = cache.set(key, JSON.stringify(result.body), mark, tags.readsOf(op.operationId, ctx));
        return cachedResponse(entry, c.req.header('if-none-match'));
      }
      return response;
    } catch (err) {
      // A failed write may still have changed something (a handler without a transaction); before its context
      // was built (an invalid request) it ran nothing, and the whole tables it names are dropped all the same.
      await cache.invalidate(tags.touchedBy(op.operationId, ctx ?? {}))?.catch(noticeFailed);
      if (err instanceof Failure) return respond(op, err.status, { success: false, respMessage: err.message }, validator, options, err.headers);
      console.error(`[server] ${op.operationId} failed:`, err);
      return envelope(500, SERVER_ERROR);
    }
  }
  return Object.assign(dispatch, { ops, router, validator, cache });
}

/** A stored catalogue answer: the same bytes and headers as when it was filled, or 304 for a matching If-None-Match. */
function cachedResponse(entry: CachedResponse, ifNoneMatch: string | undefined): Response {
  if (matchesEtag(ifNoneMatch, entry.etag)) return new Response(null, { status: 304, headers: { etag: entry.etag } });
  return new Response(new Uint8Array(entry.body), {
    status: 200,
    headers: { 'content-type': JSON_TYPE, etag: entry.etag },
  });
}

/** The body as the cache key sees it: parsed JSON, or the text itself when it does not parse (validation then refuses it). */
function parseOrText(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function buildContext(c: Context, op: OperationSpec, params: Record<string, string>, url: URL, validator: ContractValidator, s: Services, text: string | undefined): Promise<Ctx> {
  const pathValues: Record<string, unknown> = { ...params };
  check(validator.checkParameters(op, 'path', pathValues), 'path');
  const query: Record<string, unknown> = {};
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const all = url.searchParams.getAll(p.name);
    if (all.length) query[p.name] = p.schema?.type === 'array' ? all : all[0];
  }
  check(validator.checkParameters(op, 'query', query), 'query');
  const headers: Record<string, unknown> = {};
  for (const p of op.parameters.filter((x) => x.in === 'header')) {
    const v = c.req.header(p.name);
    if (v !== undefined) headers[p.name.toLowerCase()] = v;
  }
  check(validator.checkParameters(op, 'header', headers), 'header');

  let body: unknown;
  let form: FormData | undefined;
  if (text !== undefined) {
    if (text.trim() === '') {
      if (op.bodyRequired) throw new Failure(400, `${BAD_REQUEST} (본문이 비어 있습니다)`);
    } else {
      try {
        body = JSON.parse(text);
      } catch {
        throw new Failure(400, `${BAD_REQUEST} (JSON 형식 오류)`);
      }
      check(validator.checkBody(op, op.bodyContentType!, body), 'body');
    }
  } else if (op.bodyContentType?.includes('multipart')) {
    form = await readLimitedForm(c.req.raw);
  }
  // Checked after coercion, on every decoded value: what the database could not store is the caller's error.
  const unsafe = unstorable(pathValues, 'path') ?? unstorable(query, 'query') ?? unstorable(body, 'body');
  if (unsafe) throw new Failure(400, `${BAD_REQUEST} (${unsafe})`);

  let member: Ctx['member'];
  if (op.secured || op.optionalAuth) {
    const auth = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
    member = token ? await s.auth.verify(token) : undefined;
    // A valid signature is not enough: a member who left has no session any more (docs/decisions.md).
    if (member && (await memberHasLeft(s.db, member.useruid))) member = undefined;
    // Optional auth: anonymous is fine, but a token that is sent must be valid.
    if (!member && (op.secured || token)) throw new Failure(401, UNAUTHORIZED);
    // Signed in with Supabase but no account yet: the first sign-in's own calls only; elsewhere a visitor at most.
    if (member?.withoutAccount && !FIRST_SIGN_IN.has(op.operationId)) {
      if (op.secured) throw new Failure(401, UNAUTHORIZED);
      member = undefined;
    }
  }
  // 회원 화면으로 보기: a grant makes the request the named member's, for the member reads the yaml marks, or refuses it.
  // Only where a member could be signed in: an operation without security reads nobody's data, whatever is sent.
  let viewAs: Ctx['viewAs'];
  const grant = c.req.header('x-view-as');
  if (grant !== undefined && (op.secured || op.optionalAuth)) {
    ({ member, viewAs } = await viewAsRequest(s.db, op.viewAs, grant, member, { path: pathValues, query, body }));
  }
  // A console operation: the role is the backend's own staff row, read on every request (a revoke takes effect at once).
  let staff: Ctx['staff'];
  if (op.staffRoles) {
    if (!member) throw new Failure(401, UNAUTHORIZED);
    staff = await staffOf(s.db, member.useruid);
    if (!staff) throw new Failure(403, NOT_STAFF);
    if (!op.staffRoles.includes(staff.role)) throw new Failure(403, WRONG_ROLE);
  }
  const requestId = c.req.header('x-request-id') ?? '';
  // The connection's own address: no proxy header is trusted (server/openapi/throttle.ts, issue 27).
  const client = String((c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? '');
  return { op, params: pathValues, query, body, form, req: c.req.raw, member, staff, viewAs, requestId, s, client, rawBody: text };
}

/**
 * A request under a view-as grant runs in a read-only transaction: whatever a handler tries to write for the member
 * fails in the database (a 500), instead of changing the member's records behind their back.
 */
function readOnly(ctx: Ctx, handler: Handler) {
  return ctx.s.db.transaction().execute(async (tx) => {
    await sql`set transaction read only`.execute(tx);
    return handler({ ...ctx, s: { ...ctx.s, db: tx } });
  });
}

function check(result: { ok: boolean; errors?: string | undefined }, where: string): void {
  if (!result.ok) throw new Failure(400, `${BAD_REQUEST} (${where}: ${result.errors})`);
}

async function respond(op: OperationSpec, status: number, body: unknown, validator: ContractValidator, options: DispatchOptions, headers: Record<string, string> = {}): Promise<Response> {
  if (options.validateResponses) {
    const r = validator.checkResponse(op, status, body);
    if (!r.ok) {
      // Loud on purpose: a response that breaks the contract is a server bug, never the caller's.
      console.error(`[server] RESPONSE CONTRACT VIOLATION ${op.operationId} ${status}: ${r.errors}`);
      return envelope(500, `응답이 계약과 다릅니다: ${op.operationId}`);
    }
  }
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } });
}

