/**
 * npm run pact:states: writes contracts/PROVIDER_STATES.md from contracts/provider/states.ts and contracts/pacts/.
 * --check (scripts/check-generated.sh): exit 1 when the file differs from what would be written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '../contracts/provider/catalogue';
import { uploadedFile } from '../contracts/consumer/fixtures';
import { pactFiles } from '../contracts/provider/verify-pacts';

const target = fileURLToPath(new URL('../contracts/PROVIDER_STATES.md', import.meta.url));
const states = readFileSync(fileURLToPath(new URL('../contracts/provider/states.ts', import.meta.url)), 'utf8');
const pacts = pactFiles().map((file) => ({ name: basename(file), json: JSON.parse(readFileSync(file, 'utf8')) }));
// The consumer's fixtures a handler writes (states.ts imports them), shown as their values.
const fresh = catalogue(states, pacts, { uploadedFile });

if (process.argv.includes('--check')) {
  if (!existsSync(target) || readFileSync(target, 'utf8') !== fresh) {
    console.error("contracts/PROVIDER_STATES.md is stale (states.ts or the pacts changed): run 'npm run pact:states' and commit it");
    process.exit(1);
  }
  console.log('provider-state catalogue: fresh');
} else {
  writeFileSync(target, fresh);
  console.log(`[pact:states] contracts/PROVIDER_STATES.md written`);
}
