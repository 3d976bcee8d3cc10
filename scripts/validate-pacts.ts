/**
 * Every pact interaction with the product API must fit openapi/storefront.yaml (request and response).
 * Uses Pactflow's swagger-mock-validator, the same check a broker's bi-directional contract testing runs.
 * Prints which operations are covered by at least one interaction.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const API_PROVIDER = 'storefront-api';
const root = new URL('..', import.meta.url).pathname;
const pactDir = join(root, 'contracts/pacts');

type Operation = { method: string; path: string; operationId: string; matcher: RegExp };

const spec = parse(readFileSync(join(root, 'openapi/storefront.yaml'), 'utf8'));
const specJson = join(mkdtempSync(join(tmpdir(), 'oas-')), 'storefront.json');
writeFileSync(specJson, JSON.stringify(spec));

const operations: Operation[] = [];
for (const [path, item] of Object.entries<Record<string, { operationId: string }>>(spec.paths)) {
  for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
    const op = item[method];
    if (!op) continue;
    const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    operations.push({ method: method.toUpperCase(), path, operationId: op.operationId, matcher: new RegExp(`^${pattern}$`) });
  }
}

const pactFiles = readdirSync(pactDir).filter((f) => f.endsWith('.json'));
const covered = new Set<string>();
let failures = 0;
for (const file of pactFiles) {
  const pact = JSON.parse(readFileSync(join(pactDir, file), 'utf8'));
  if (pact.provider?.name !== API_PROVIDER) {
    console.log(`skip ${file}: provider ${pact.provider?.name} is not described by the OpenAPI`);
    continue;
  }
  for (const i of pact.interactions ?? []) {
    // The most specific operation wins: literal paths before templated ones (e.g. Scoring/0 vs a template).
    const matches = operations.filter((o) => o.method === i.request.method && o.matcher.test(i.request.path));
    matches.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
    if (matches[0]) covered.add(matches[0].operationId);
  }
  try {
    execFileSync(join(root, 'node_modules/.bin/swagger-mock-validator'), [specJson, join(pactDir, file)], {
      stdio: 'pipe',
      encoding: 'utf8',
    });
    console.log(`ok   ${file}: ${pact.interactions?.length ?? 0} interactions fit the OpenAPI`);
  } catch (e) {
    failures += 1;
    const err = e as { stdout?: string; stderr?: string };
    console.error(`FAIL ${file}:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

const uncovered = operations.filter((o) => !covered.has(o.operationId)).map((o) => o.operationId);
console.log(`pact coverage: ${covered.size} of ${operations.length} operations have an interaction`);
if (process.env.PACT_COVERAGE_VERBOSE) console.log(`not yet covered: ${uncovered.join(', ')}`);
if (pactFiles.length === 0) {
  console.error('No pact files: run the pact consumer tests first (npm run test:pact).');
  process.exit(1);
}
process.exit(failures > 0 ? 1 : 0);
