/**
 * Every pact interaction with the product API must fit openapi/storefront.yaml (request and response),
 * the check a broker's bi-directional contract testing runs. Prints which operations have an interaction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_PROVIDER, loadSpec, operationFor, operationsOf, specAsJsonFile, validatePact } from './pact-openapi';

const pactDir = new URL('../contracts/pacts', import.meta.url).pathname;
const spec = loadSpec();
const specJson = specAsJsonFile(spec);
const operations = operationsOf(spec);

const pactFiles = readdirSync(pactDir).filter((f) => f.endsWith('.json'));
if (pactFiles.length === 0) {
  console.error('No pact files: run the pact consumer tests first (npm run test:pact).');
  process.exit(1);
}

const covered = new Set<string>();
let failures = 0;
for (const file of pactFiles) {
  const pact = JSON.parse(readFileSync(join(pactDir, file), 'utf8'));
  if (pact.provider?.name !== API_PROVIDER) {
    console.log(`skip ${file}: provider ${pact.provider?.name} is not described by the OpenAPI`);
    continue;
  }
  for (const i of pact.interactions ?? []) {
    const op = operationFor(operations, i.request.method, i.request.path);
    if (op) covered.add(op.operationId);
  }
  const verdict = await validatePact(specJson, join(pactDir, file));
  if (verdict.ok) console.log(`ok   ${file}: ${pact.interactions?.length ?? 0} interactions fit the OpenAPI`);
  else {
    failures += 1;
    console.error(`FAIL ${file}:\n${verdict.report}`);
  }
}

const uncovered = operations.filter((o) => !covered.has(o.operationId)).map((o) => o.operationId);
console.log(`pact coverage: ${covered.size} of ${operations.length} operations have an interaction`);
if (process.env.PACT_COVERAGE_VERBOSE) console.log(`not yet covered: ${uncovered.join(', ')}`);
process.exit(failures > 0 ? 1 : 0);
