import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type OperationSpec } from '../openapi/spec';
import { CLIENT, fillPath, samples, testServer, withQuery, type TestServer } from '../testing';

/**
 * Generated from the yaml: every operation a visitor may call is sent its sample, and the ones the server
 * answers with an ETag must declare 304 — and answer it, with no body, when the ETag comes back in
 * If-None-Match. An operation that starts carrying an ETag, or a 304 declared where none is served,
 * fails here without editing this file.
 */
const ops = listOperations(loadSpec()).filter((op) => !op.secured && samples[op.operationId]);

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 30_000);
afterAll(() => server?.close());

async function send(op: OperationSpec, extra: Record<string, string> = {}) {
  const s = samples[op.operationId]!;
  const headers: Record<string, string> = { ...CLIENT, ...s.headers, ...extra };
  let body: string | undefined;
  if (s.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(s.body);
  }
  const res = await fetch(server.url + withQuery(fillPath(op.path, s.params), s.query), {
    method: op.method.toUpperCase(),
    headers,
    body,
  });
  return { status: res.status, etag: res.headers.get('etag'), bytes: (await res.arrayBuffer()).byteLength };
}

describe('304 Not Modified as the yaml declares it', () => {
  it(
    'exactly the operations answered with an ETag declare 304, and answer it with no body for that ETag',
    { timeout: 60_000 },
    async () => {
      const declared = ops.filter((op) => op.responses['304']).map((op) => op.operationId);
      const etagged: string[] = [];
      const wrong: string[] = [];
      for (const op of ops) {
        const first = await send(op);
        if (!first.etag) continue;
        etagged.push(op.operationId);
        const again = await send(op, { 'If-None-Match': first.etag });
        if (again.status !== 304 || again.bytes !== 0 || again.etag !== first.etag)
          wrong.push(`${op.operationId} → ${again.status}, ${again.bytes} bytes, etag ${again.etag}`);
        // A stale validator gets the whole answer again.
        const stale = await send(op, { 'If-None-Match': '"stale"' });
        if (stale.status !== 200 || stale.bytes === 0) wrong.push(`${op.operationId} (stale ETag) → ${stale.status}`);
      }
      console.log(`[not-modified] ${etagged.length} operations answer with an ETag: ${etagged.join(', ')}`);
      expect(etagged.length).toBeGreaterThan(10);
      expect(etagged.sort()).toEqual(declared.sort());
      expect(wrong).toEqual([]);
    },
  );
});
