import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec, operationFor, operationsOf, specAsJsonFile, validatePact } from './pact-openapi';

/** A minimal V4 pact with one interaction, as pact-js writes it. */
function pactWith(request: object, response: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pact-')), 'pact.json');
  writeFileSync(
    file,
    JSON.stringify({
      consumer: { name: 'storefront-web' },
      provider: { name: 'storefront-api' },
      interactions: [{ type: 'Synchronous/HTTP', description: 'case', request, response }],
      metadata: { pactSpecification: { version: '4.0' } },
    }),
  );
  return file;
}

const statsRequest = { method: 'GET', path: '/api/Stats/GetInfo/1', headers: { 'X-Storefront-Client': ['web/1.0'] } };
const json = (content: unknown) => ({ contentType: 'application/json', encoded: false, content });
const stats = { membercnt: 1, lecturecnt: 2, studentcnt: 3, reviewcnt: 4, teachercnt: 5, ratingavg: 4.5 };

describe('pacts are validated against openapi/storefront.yaml', () => {
  const spec = loadSpec();
  const specJson = specAsJsonFile(spec);

  it('accepts an interaction that fits the contract', async () => {
    const file = pactWith(statsRequest, { status: 200, headers: { 'Content-Type': ['application/json'] }, body: json({ success: true, datas: stats }) });
    expect(await validatePact(specJson, file)).toEqual({ ok: true });
  });

  it('rejects a response whose record does not fit', async () => {
    const file = pactWith(statsRequest, {
      status: 200,
      headers: { 'Content-Type': ['application/json'] },
      body: json({ success: true, datas: { ...stats, membercnt: '많음' } }),
    });
    const verdict = await validatePact(specJson, file);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.report).toContain('response.body.incompatible');
  });

  it('rejects a request body the contract does not allow', async () => {
    const file = pactWith(
      { method: 'POST', path: '/api/CheckUserAccount/', headers: { 'X-Storefront-Client': ['web/1.0'], 'Content-Type': ['application/json'] }, body: json({ mail: 'a@b.kr' }) },
      { status: 200, headers: { 'Content-Type': ['application/json'] }, body: json({ success: true, datas: { exists: false, useruid: null } }) },
    );
    const verdict = await validatePact(specJson, file);
    expect(verdict.ok ? '' : verdict.report).toContain('request.body.incompatible');
  });

  it('checks a large pact in halves and still reports a bad interaction in each half', async () => {
    const good = { type: 'Synchronous/HTTP', request: statsRequest, response: { status: 200, headers: { 'Content-Type': ['application/json'] }, body: json({ success: true, datas: stats }) } };
    const bad = { ...good, response: { ...good.response, body: json({ success: true, datas: { ...stats, membercnt: '많음' } }) } };
    const interactions = Array.from({ length: 41 }, (_, i) => ({ ...(i === 0 || i === 40 ? bad : good), description: `case ${i}` }));
    const file = join(mkdtempSync(join(tmpdir(), 'pact-')), 'pact.json');
    writeFileSync(file, JSON.stringify({ consumer: { name: 'storefront-web' }, provider: { name: 'storefront-api' }, interactions, metadata: { pactSpecification: { version: '4.0' } } }));
    const verdict = await validatePact(specJson, file);
    const report = verdict.ok ? '' : verdict.report;
    expect(report).toContain('[root].interactions[0]');
    expect(report).toContain('[root].interactions[19]');
    expect(report).toContain(`interactions 21-40 of ${file}, numbered from 0 within them`);
  }, 120_000);

  it('maps a literal path to its own operation before a templated one', () => {
    const ops = operationsOf(spec);
    expect(operationFor(ops, 'POST', '/api/Evaluate/Scoring/1')?.operationId).toBe('scoreQuizRecorded');
    expect(operationFor(ops, 'GET', '/api/Cart/add/lecture/u-demo-1/101/180')?.path).toBe(
      '/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}/{optionvalue}',
    );
  });
});
