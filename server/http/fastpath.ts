import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ValidateFunction } from 'ajv';
import { cacheKey, matchesEtag, JSON_TYPE, type CachedResponse } from '../openapi/cache';
import type { Dispatcher } from '../openapi/dispatch';
import type { OperationSpec } from '../openapi/spec';
import { MAX_JSON_BYTES, jsonTooDeep } from '../openapi/limits';

/** Paths the URL parser would leave exactly as they are (no dot segments, escapes, doubled slashes). */
const PLAIN_PATH = /^\/(?:[\w~-]+(?:\.[\w~-]+)*\/)*(?:[\w~-]+(?:\.[\w~-]+)*)?$/;

export interface FastPathStats {
  /** Answered from the cache without entering Hono. */
  hits: number;
  /** Valid cacheable requests not in the cache: Hono answered and filled it. */
  misses: number;
  /** Cacheable operations whose request failed validation: Hono answered (the 400 envelope). */
  invalid: number;
}

interface Plan {
  op: OperationSpec;
  path: ValidateFunction | undefined;
  query: ValidateFunction | undefined;
  header: ValidateFunction | undefined;
  body: ValidateFunction | undefined;
  queryParams: { name: string; array: boolean }[];
  headerParams: string[];
}

/**
 * A node:http listener in front of Hono for the hot catalogue reads. For a cacheable operation it
 * checks the request against the yaml with the operation's own compiled validators (path, query,
 * header, JSON body), computes the dispatcher's cache key and, on a hit, writes the stored bytes
 * with the headers the normal path sends. Anything else (another operation, an invalid request, a
 * miss) goes to Hono unchanged, so errors keep their envelopes and misses fill the cache there.
 * The security headers are the front's (withSecurityHeaders, server/start.ts), set before this runs.
 * A body read here is handed on as `rawBody`, which @hono/node-server uses as the request body.
 */
export function createFastPath(dispatcher: Dispatcher): { front(next: RequestListener): RequestListener; stats: FastPathStats } {
  const { router, validator, cache } = dispatcher;
  const stats: FastPathStats = { hits: 0, misses: 0, invalid: 0 };
  const plans = new Map<OperationSpec, Plan | null>();

  const planOf = (op: OperationSpec): Plan | null => {
    let plan = plans.get(op);
    if (plan !== undefined) return plan;
    plan = cache.isCacheable(op.operationId)
      ? {
          op,
          path: validator.parameterValidator(op, 'path'),
          query: validator.parameterValidator(op, 'query'),
          header: validator.parameterValidator(op, 'header'),
          body: op.bodyContentType?.includes('json') ? validator.bodyValidator(op, op.bodyContentType) : undefined,
          queryParams: op.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, array: p.schema?.type === 'array' })),
          headerParams: op.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
        }
      : null;
    plans.set(op, plan);
    return plan;
  };

  const send = (req: IncomingMessage, res: ServerResponse, entry: CachedResponse) => {
    stats.hits++;
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, { etag: entry.etag });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': entry.body.length, etag: entry.etag });
    res.end(entry.body);
  };

  function front(next: RequestListener): RequestListener {
    return (req, res) => {
      const method = req.method;
      const url = req.url ?? '';
      // Nothing stored yet (first requests, right after a write): no point reading anything here.
      if ((method !== 'GET' && method !== 'POST') || cache.size === 0 || url.includes('#')) return next(req, res);
      const q = url.indexOf('?');
      const pathname = q < 0 ? url : url.slice(0, q);
      if (!PLAIN_PATH.test(pathname)) return next(req, res);
      const match = router.match(method, pathname);
      const plan = match && planOf(match.op);
      if (!match || !plan) return next(req, res);
      const search = q < 0 ? '' : url.slice(q);

      // Parameters first: they need no body.
      if (plan.path && !plan.path({ ...match.params })) return invalid(req, res, next);
      if (plan.query) {
        const sp = new URLSearchParams(search);
        const query: Record<string, unknown> = {};
        for (const p of plan.queryParams) {
          const all = sp.getAll(p.name);
          if (all.length) query[p.name] = p.array ? all : all[0];
        }
        if (!plan.query(query)) return invalid(req, res, next);
      }
      if (plan.header) {
        const headers: Record<string, unknown> = {};
        for (const name of plan.headerParams) {
          const v = req.headers[name];
          if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(', ') : v;
        }
        if (!plan.header(headers)) return invalid(req, res, next);
      }
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v.join(', ') : v;
      };

      if (!plan.body) {
        const entry = cache.get(cacheKey(plan.op, method, pathname, search, header, undefined));
        if (entry) return send(req, res, entry);
        stats.misses++;
        return next(req, res);
      }

      // Too large by its own word: Hono refuses it (413) without reading it.
      if (Number(req.headers['content-length'] ?? 0) > MAX_JSON_BYTES) return invalid(req, res, next);
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_JSON_BYTES) return void chunks.push(chunk);
        // Too large as it streams: answered here, the rest is read and dropped, never held.
        refused = true;
        req.off('data', onData);
        req.resume();
        stats.invalid++;
        res.writeHead(413, { 'content-type': JSON_TYPE });
        res.end(JSON.stringify({ success: false, respMessage: '요청 본문이 너무 큽니다.' }));
      };
      req.on('data', onData);
      req.once('error', () => res.destroy());
      req.once('end', () => {
        if (refused) return;
        const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
        const text = raw.toString('utf8');
        let body: unknown;
        if (text.trim() === '') {
          if (plan.op.bodyRequired) return invalid(req, res, next);
        } else {
          // Deeper than any real body: refused (400) by Hono before any parser or recursion sees it.
          if (jsonTooDeep(text)) return invalid(req, res, next);
          try {
            body = JSON.parse(text);
          } catch {
            return invalid(req, res, next);
          }
        }
        // The key is taken before validation fills declared defaults into the body.
        const key = cacheKey(plan.op, method, pathname, search, header, body);
        if (body !== undefined && !plan.body!(body)) return invalid(req, res, next);
        const entry = cache.get(key);
        if (entry) return send(req, res, entry);
        stats.misses++;
        next(req, res);
      });
    };
  }

  function invalid(req: IncomingMessage, res: ServerResponse, next: RequestListener) {
    stats.invalid++;
    next(req, res);
  }

  return { front, stats };
}
