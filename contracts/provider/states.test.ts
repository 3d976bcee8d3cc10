import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../server/start';
import { verifyPacts } from './verify-pacts';

/** A one-interaction pact (the public counters) under the given provider state. */
function pactWithState(state: { name: string; params?: Record<string, unknown> }): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pact-state-')), 'pact.json');
  writeFileSync(
    file,
    JSON.stringify({
      consumer: { name: 'storefront-web' },
      provider: { name: 'storefront-api' },
      interactions: [
        {
          type: 'Synchronous/HTTP',
          description: 'a stats request',
          providerStates: [state],
          request: { method: 'GET', path: '/api/Stats/GetInfo/1', headers: { 'X-Storefront-Client': ['web/1.0'] } },
          response: { status: 200 },
        },
      ],
      metadata: { pactSpecification: { version: '4.0' } },
    }),
  );
  return file;
}

let server: RunningServer;
// Starting PGlite and seeding takes far longer than vitest's 10 s hook default on a busy 2-core machine (measured >30 s).
beforeAll(async () => {
  server = await startServer({ memory: true, quiet: true });
}, 120_000);
afterAll(() => server?.close());

const verify = (file: string) => verifyPacts({ baseUrl: server.url, files: [file], db: server.db, logLevel: 'error' });

describe('provider states in verification', () => {
  it('passes with a known state and its parameters', async () => {
    await expect(verify(pactWithState({ name: 'member exists', params: { useruid: 'u-demo-1' } }))).resolves.toBeDefined();
  });

  it('fails on a state no handler knows, naming it', async () => {
    await expect(verify(pactWithState({ name: 'stats exist' }))).rejects.toThrow('unknown provider state "stats exist"');
  });

  it('fails when a handler cannot set its state up (a missing parameter)', async () => {
    await expect(verify(pactWithState({ name: 'member exists' }))).rejects.toThrow(/member exists.*useruid/);
  });
});
