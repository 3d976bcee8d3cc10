import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../openapi/spec';
import { fillPath, samples, testServer, withQuery, type TestServer } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh), every operation of the contract once on each engine.

const doc = loadSpec();
const ops = listOperations(doc);
// Operations that change what later samples read run last, account removal at the very end.
const LAST = ['deleteSuggest', 'deleteRating', 'leaveUser'];
const ordered = [...ops.filter((o) => !LAST.includes(o.operationId)), ...LAST.map((id) => ops.find((o) => o.operationId === id)!).filter(Boolean)];

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 30_000);
afterAll(() => server?.close());

describe('every operation of the yaml', () => {
  it('has a sample input for each operation', () => {
    expect(ops.map((o) => o.operationId).filter((id) => !samples[id] && id !== 'uploadFiles')).toEqual([]);
  });

  it.each(ordered.map((o) => [o.operationId, o] as const))('%s answers at its documented path with a contract-valid response', async (_id, op) => {
    if (op.operationId === 'uploadFiles') {
      const form = new FormData();
      form.append('files', new Blob(['hello'], { type: 'text/plain' }), '메모.txt');
      const res = await fetch(server.url + op.path, { method: 'POST', headers: { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${server.token}` }, body: form });
      const json = await res.json();
      expect(res.status, JSON.stringify(json)).toBe(200);
      expect(json.datas[0].originalFilename).toBe('메모.txt');
      const big = new FormData();
      big.append('files', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'big.bin');
      const tooBig = await fetch(server.url + op.path, { method: 'POST', headers: { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${server.token}` }, body: big });
      expect(tooBig.status).toBe(413); // PayloadTooLarge: 10 MB per file
      return;
    }
    const s = samples[op.operationId] ?? {};
    const path = withQuery(fillPath(op.path, s.params), s.query);
    const r = await server.call(op.method.toUpperCase(), path, { body: s.body, headers: s.headers });
    // The server validates every JSON response against the yaml in tests and answers 500 on a mismatch.
    expect(r.status, JSON.stringify(r.json)).toBeLessThan(500);
    expect(Object.keys(op.responses)).toContain(String(r.status));
    if (r.json) expect(typeof r.json.success).toBe('boolean');
    if (r.status === 200 && r.json) expect(r.json.success).toBe(true);
  });
});
