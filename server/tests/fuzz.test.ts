import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listOperations, loadSpec } from '../openapi/spec';
import { CLIENT, fillPath, jsonOf, samples, testServer, withQuery, type TestServer } from '../testing';

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
  // Issue 11, finding 8: out-of-range ids and numbers, NUL and unpaired surrogates.
  fc.constant('12345678901234567890'), fc.constant(1.2345678901234567e19), fc.constant(-1e300), fc.constant('a\u0000b'), fc.constant('\ud800'), fc.constant('x\udc00'),
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
        // A lone surrogate cannot be percent-encoded into a URL at all: only bodies can carry one.
        fc.pre(!(where === 'params' || where === 'query') || typeof replacement !== 'string' || !/[\uD800-\uDFFF]/.test(replacement));
        if (where === 'params') params = mutate(params, keysOf(params)[pick % Math.max(1, keysOf(params).length)], replacement ?? '');
        if (where === 'query') query = mutate(query, keysOf(query)[pick % Math.max(1, keysOf(query).length)], replacement);
        if (where === 'body') body = body && typeof body === 'object' ? mutate(body as Record<string, unknown>, keysOf(body)[pick % Math.max(1, keysOf(body).length)], replacement) : replacement;
        if (where === 'rawbody') raw = pick % 2 ? '{not json' : JSON.stringify(replacement ?? 'x');
        const path = withQuery(fillPath(op.path, params as any), Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : (v as any)])));
        const headers: Record<string, string> = { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${server.token}`, ...(s.headers ?? {}) };
        let init: RequestInit = { method: op.method.toUpperCase(), headers };
        if (op.method !== 'get' && op.method !== 'head' && (body !== undefined || raw !== undefined)) init = { ...init, headers: { ...headers, 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) };
        const res = await fetch(server.url + path, init);
        const json = await jsonOf(res);
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

/** After every hostile request the server still answers a catalogue read. */
async function stillAnswers(after: string) {
  const res = await fetch(`${server.url}/api/GetCode/suggesttype`, { headers: CLIENT });
  expect(res.status, `catalogue read after ${after}`).toBe(200);
  await res.arrayBuffer();
}

async function send(op: (typeof ops)[number], path: string, raw: string | undefined) {
  const headers: Record<string, string> = { ...CLIENT, Authorization: `Bearer ${server.token}`, ...(samples[op.operationId]?.headers ?? {}) };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, { method: op.method.toUpperCase(), headers, body: raw });
  const json = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as any) : (await res.arrayBuffer(), undefined);
  return { status: res.status, json };
}

function expectRefused(r: { status: number; json: any }, what: string, status?: number) {
  expect(r.status, `${what} ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${what} ${JSON.stringify(r.json)}`).toBeLessThan(500);
  if (status) expect(r.status, what).toBe(status);
  expect(r.json?.success, what).toBe(false);
  expect(r.json?.respMessage, what).toMatch(/[가-힣]/);
}

const samplePath = (op: (typeof ops)[number], params: Record<string, string | number> = {}) => {
  const s = samples[op.operationId] ?? {};
  return withQuery(fillPath(op.path, { ...(s.params ?? {}), ...params } as any), (s.query ?? {}) as any);
};
const jsonOps = ops.filter((o) => o.bodyContentType?.includes('json'));
const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('hostile requests (issue 11, findings 1 and 8)', () => {
  it('a body nested 100,000 deep is a 400 on every JSON operation', { timeout: 30_000 }, async () => {
    for (const op of jsonOps) {
      expectRefused(await send(op, samplePath(op), nested(100_000)), `${op.operationId} depth 100000`, 400);
      await stillAnswers(`${op.operationId} depth 100000`);
    }
  });

  it('a 20-digit id in any integer path parameter is a 400', async () => {
    for (const op of ops) {
      for (const p of op.parameters.filter((x) => x.in === 'path' && x.schema?.type === 'integer')) {
        expectRefused(await send(op, samplePath(op, { [p.name]: '12345678901234567890' }), undefined), `${op.operationId} ${p.name}`, 400);
      }
    }
    await stillAnswers('20-digit ids');
  });

  it('a NUL or an unpaired surrogate in any string of a sample body is a 400', { timeout: 30_000 }, async () => {
    for (const op of jsonOps) {
      const body = samples[op.operationId]?.body as Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(body ?? {})) {
        if (typeof value !== 'string') continue;
        for (const bad of ['\u0000', '\ud800']) {
          expectRefused(await send(op, samplePath(op), JSON.stringify({ ...body, [key]: value + bad })), `${op.operationId} ${key} ${JSON.stringify(bad)}`, 400);
        }
      }
    }
    await stillAnswers('bad text');
  });

  it('1 MB bodies on every JSON operation and 10 MB on two are a 413', { timeout: 30_000 }, async () => {
    const mb = (n: number) => JSON.stringify({ page: 1, pageSize: 10, text: 'x'.repeat(n * 1024 * 1024) });
    for (const op of jsonOps) expectRefused(await send(op, samplePath(op), mb(1)), `${op.operationId} 1 MB`, 413);
    for (const op of jsonOps.filter((o) => o.operationId === 'getFaqs' || o.operationId === 'saveSuggest')) {
      expectRefused(await send(op, samplePath(op), mb(10)), `${op.operationId} 10 MB`, 413);
    }
    await stillAnswers('large bodies');
  });

  it('uploads over the file count or the total size are a 413', { timeout: 30_000 }, async () => {
    const upload = async (count: number, size: number) => {
      const form = new FormData();
      for (let i = 0; i < count; i++) form.append('files', new Blob([new Uint8Array(size)]), `f${i}.bin`);
      const res = await fetch(`${server.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${server.token}` }, body: form });
      return { status: res.status, json: (await res.json()) as any };
    };
    expectRefused(await upload(6, 10), '6 files', 413);
    expectRefused(await upload(3, 9 * 1024 * 1024), '3 × 9 MB', 413);
    expectRefused(await upload(1, 10 * 1024 * 1024 + 1), 'one file over 10 MB', 413);
    await stillAnswers('uploads');
  });
});
