import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listOperations, loadSpec } from './openapi/spec';
import { fillPath, samples, testServer, withQuery, type TestServer } from './testing';

const ops = listOperations(loadSpec()).filter((o) => o.operationId !== 'uploadFiles');
let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 30_000);
afterAll(() => server?.close());

// Wrong types, missing fields, huge strings and unknown ids in place of a valid sample value.
const junk = fc.oneof(
  fc.constant(undefined), fc.constant(null), fc.boolean(), fc.integer({ min: -1e9, max: 1e9 }), fc.double(),
  fc.string({ maxLength: 20 }), fc.constant('x'.repeat(20_000)), fc.constant(999_999), fc.constant('없는-아이디'), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }),
);

function mutate(value: Record<string, unknown> | undefined, key: string | undefined, replacement: unknown) {
  if (!value || key === undefined) return value;
  const copy: Record<string, unknown> = { ...value };
  if (replacement === undefined) delete copy[key];
  else copy[key] = replacement;
  return copy;
}

describe('fuzzed invalid requests', () => {
  it('answer with 4xx envelopes and never a 500', { timeout: 50_000 }, async () => {
    const opArb = fc.constantFrom(...ops);
    await fc.assert(
      fc.asyncProperty(opArb, fc.constantFrom('params', 'query', 'body', 'rawbody'), fc.nat(), junk, async (op, where, pick, replacement) => {
        const s = samples[op.operationId] ?? {};
        let params = s.params as Record<string, unknown> | undefined;
        let query = s.query as Record<string, unknown> | undefined;
        let body = s.body as unknown;
        let raw: string | undefined;
        const keysOf = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o) : []);
        if (where === 'params') params = mutate(params, keysOf(params)[pick % Math.max(1, keysOf(params).length)], replacement ?? '');
        if (where === 'query') query = mutate(query, keysOf(query)[pick % Math.max(1, keysOf(query).length)], replacement);
        if (where === 'body') body = body && typeof body === 'object' ? mutate(body as Record<string, unknown>, keysOf(body)[pick % Math.max(1, keysOf(body).length)], replacement) : replacement;
        if (where === 'rawbody') raw = pick % 2 ? '{not json' : JSON.stringify(replacement ?? 'x');
        const path = withQuery(fillPath(op.path, params as any), Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : (v as any)])));
        const headers: Record<string, string> = { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${server.token}`, ...(s.headers ?? {}) };
        let init: RequestInit = { method: op.method.toUpperCase(), headers };
        if (op.method !== 'get' && (body !== undefined || raw !== undefined)) init = { ...init, headers: { ...headers, 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) };
        const res = await fetch(server.url + path, init);
        const type = res.headers.get('content-type') ?? '';
        const json = type.includes('json') ? await res.json() : (await res.arrayBuffer(), undefined);
        expect(res.status, `${op.operationId} ${where} ${JSON.stringify(json)}`).toBeLessThan(500);
        if (res.status >= 400 && json) {
          expect(json.success).toBe(false);
          expect(json.respMessage).toMatch(/[가-힣]/);
        }
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
