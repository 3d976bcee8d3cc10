import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../start';
import { verifyPacts } from '../../contracts/provider/verify-pacts';

// A tiny hand-written pact: the stats call must answer with a numeric member count.
const pact = {
  consumer: { name: 'storefront-web' },
  provider: { name: 'storefront-api' },
  interactions: [{
    type: 'Synchronous/HTTP', key: 'stats', description: 'a stats request', providerStates: [{ name: 'the demo catalogue is seeded' }],
    request: { method: 'GET', path: '/api/Stats/GetInfo/1', headers: { 'X-Storefront-Client': ['web/1.0'] } },
    response: {
      status: 200, headers: { 'Content-Type': ['application/json; charset=utf-8'] },
      body: { contentType: 'application/json', encoded: false, content: { success: true, datas: { membercnt: 1 } } },
      matchingRules: { body: { '$.datas.membercnt': { combine: 'AND', matchers: [{ match: 'integer' }] } } },
    },
  }],
  metadata: { pactSpecification: { version: '4.0' } },
};

const servers: RunningServer[] = [];
afterAll(async () => Promise.all(servers.map((s) => s.close())));

describe('provider verification', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pact-'));
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify(pact));

  it('passes against the real server and fails against a broken response shape', { timeout: 40_000 }, async () => {
    const good = await startServer({ memory: true, quiet: true });
    servers.push(good);
    await expect(verifyPacts({ baseUrl: good.url, files: [file], logLevel: 'error' })).resolves.toBeDefined();
    const broken = await startServer({
      memory: true, quiet: true, validateResponses: false,
      overrides: { getStats: () => ({ body: { success: true, datas: { membercnt: '많음' } } }) },
    });
    servers.push(broken);
    await expect(verifyPacts({ baseUrl: broken.url, files: [file], logLevel: 'error' })).rejects.toThrow();
  });
});
