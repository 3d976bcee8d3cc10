import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pactFiles } from '../contracts/provider/verify-pacts';

/**
 * The broker's documented API, as far as the CLI uses it: the index names `pb:publish-contracts`, which takes
 * `POST /contracts/publish` (one call per pact); can-i-deploy reads `GET /matrix`. Each answer is what a broker sends.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}
let broker: Server;
let base: string;
let seen: Seen[] = [];
let publishStatus = 200;
let deployable = true;

beforeAll(async () => {
  broker = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      const hal = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/hal+json;charset=utf-8' }).end(JSON.stringify(body));
      if (req.method === 'GET' && req.url === '/')
        return hal(200, { _links: { 'pb:publish-contracts': { href: `${base}/contracts/publish`, title: 'Publish contracts', templated: false } } });
      if (req.method === 'POST' && req.url === '/contracts/publish') {
        if (publishStatus !== 200) return hal(publishStatus, { error: 'refused' });
        const body = JSON.parse(raw);
        const version = { number: body.pacticipantVersionNumber, _links: { self: { href: `${base}/v`, name: body.pacticipantVersionNumber, title: 'Version' } } };
        return hal(200, {
          notices: [{ type: 'success', text: 'Pact published' }],
          logs: [{ level: 'info', message: 'Pact published', deprecationWarning: '' }],
          _embedded: { pacticipant: { name: body.pacticipantName, _links: { self: { href: `${base}/p` } } }, version },
          _links: {
            'pb:pacticipant': { href: `${base}/p`, name: body.pacticipantName, title: 'Pacticipant' },
            'pb:pacticipant-version': { href: `${base}/v`, name: body.pacticipantVersionNumber, title: 'Version' },
            'pb:pacticipant-version-tags': [],
            'pb:contracts': [{ href: `${base}/pact`, name: 'pact', title: 'Pact' }],
          },
        });
      }
      if (req.method === 'GET' && req.url!.startsWith('/matrix?'))
        return hal(200, {
          summary: { deployable, reason: deployable ? 'All required verification results are published and successful' : 'no verification', success: 1, failed: 0, unknown: deployable ? 0 : 1 },
          notices: [],
          matrix: [],
        });
      hal(404, { error: 'not found' });
    });
  });
  await new Promise<void>((ok) => broker.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => broker.close(done)));
beforeEach(() => {
  seen = [];
  publishStatus = 200;
  deployable = true;
});

const ROOT = fileURLToPath(new URL('..', import.meta.url));
function run(command: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/pact-broker.ts', command], {
      cwd: ROOT,
      env: { ...process.env, PACT_BROKER_BASE_URL: '', PACT_BROKER_TOKEN: '', PACT_TAGS: '', PACT_BRANCH: '', PACT_BROKER_HTTP_RETRIES: '0', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('close', (code) => done({ code, out }));
  });
}
const commit = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();

describe('npm run pact:publish', () => {
  it('without a broker configured says so, exits 0 and sends nothing', async () => {
    for (const command of ['publish', 'can-i-deploy']) {
      const { code, out } = await run(command, {});
      expect(out).toContain(`[pact:${command}] no Pact Broker configured (PACT_BROKER_BASE_URL is unset): skipped`);
      expect(code).toBe(0);
    }
    expect(seen).toEqual([]);
  });

  it('publishes every pact file as the git commit, with the branch and tags, the broker token as bearer', async () => {
    const { code, out } = await run('publish', { PACT_BROKER_BASE_URL: base, PACT_BROKER_TOKEN: 'broker-token', PACT_BRANCH: 'feature/refunds', PACT_TAGS: 'dev, staging' });
    expect(code, out).toBe(0);
    const publishes = seen.filter((r) => r.method === 'POST');
    expect(publishes.map((r) => r.url)).toEqual(pactFiles().map(() => '/contracts/publish'));
    for (const r of seen) expect(r.headers.authorization).toBe('Bearer broker-token');
    const byProvider = new Map(publishes.map((r) => [r.body.contracts[0].providerName, r.body]));
    for (const file of pactFiles()) {
      const pact = JSON.parse(readFileSync(file, 'utf8'));
      const body = byProvider.get(pact.provider.name);
      expect(body, basename(file)).toMatchObject({
        pacticipantName: 'storefront-web',
        pacticipantVersionNumber: commit(),
        branch: 'feature/refunds',
        tags: ['dev', 'staging'],
        contracts: [{ consumerName: 'storefront-web', providerName: pact.provider.name, specification: 'pact', contentType: 'application/json' }],
      });
      const published = JSON.parse(Buffer.from(body.contracts[0].content, 'base64').toString('utf8'));
      expect(published.interactions.map((i: { description: string }) => i.description)).toEqual(
        pact.interactions.map((i: { description: string }) => i.description),
      );
    }
  });

  it('fails when the broker refuses the publication', async () => {
    publishStatus = 401;
    const { code, out } = await run('publish', { PACT_BROKER_BASE_URL: base, PACT_CONSUMER_VERSION: '1.0.0+test' });
    expect(code, out).not.toBe(0);
    expect(seen.find((r) => r.method === 'POST')?.body.pacticipantVersionNumber).toBe('1.0.0+test');
  });
});

describe('npm run pact:can-i-deploy', () => {
  it("asks the broker's matrix for this commit and the environment, and passes when it is deployable", async () => {
    const { code, out } = await run('can-i-deploy', { PACT_BROKER_BASE_URL: base, PACT_ENVIRONMENT: 'staging' });
    expect(code, out).toBe(0);
    const query = decodeURIComponent(seen.find((r) => r.url.startsWith('/matrix?'))!.url);
    expect(query).toContain('q[][pacticipant]=storefront-web');
    expect(query).toContain(`q[][version]=${commit()}`);
    expect(query).toContain('environment=staging');
  });

  it('fails when the broker says the version may not be deployed', async () => {
    deployable = false;
    const { code, out } = await run('can-i-deploy', { PACT_BROKER_BASE_URL: base });
    expect(code, out).not.toBe(0);
    expect(decodeURIComponent(seen.find((r) => r.url.startsWith('/matrix?'))!.url)).toContain('environment=production');
  });
});
