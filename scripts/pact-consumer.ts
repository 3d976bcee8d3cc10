/**
 * npm run test:pact (and the pact step of npm test): runs the pact consumer tests into a fresh temp folder,
 * then compares what they wrote with the committed contracts/pacts/, interaction by interaction.
 *   - any failing consumer test: exit 1, contracts/pacts/ untouched (pact-js writes a file per test file,
 *     so a failed run's files can lack interactions and must never reach verification);
 *   - default: on success, contracts/pacts/ is replaced by the new files and the diff is printed (commit it);
 *   - --check (CI): on success, exit 1 when the regenerated pacts differ from the committed ones.
 * Arguments after `--` go to vitest (reporters).
 * The provider's checks (project pact-provider: states, the member's token, a provider in another process verified
 * twice) run in the same vitest run, after the consumer files: they read the committed contracts/pacts, not the temp
 * folder. Run beside the consumer files they cost the mock servers' bookkeeping CPU (docs/decisions.md, session 43).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMITTED_PACTS } from '../contracts/pact-dirs';
import { diffPacts, readPactDir, summarise } from './pact-diff';

const check = process.argv.includes('--check');
const dash = process.argv.indexOf('--');
const vitestArgs = dash >= 0 ? process.argv.slice(dash + 1) : [];
const out = mkdtempSync(join(tmpdir(), 'storefront-pacts-'));

const vitest = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));
const run = spawnSync(vitest, ['run', '--project', 'pact', '--project', 'pact-provider', ...vitestArgs], { stdio: 'inherit', env: { ...process.env, PACT_DIR: out } });
if (run.status !== 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(`[pact] pact tests failed (exit ${run.status ?? run.signal}): contracts/pacts/ left as committed`);
  process.exit(1);
}

const regenerated = readPactDir(out);
if (Object.keys(regenerated).length === 0) {
  console.error(`[pact] the consumer tests passed but wrote no pact into ${out}`);
  process.exit(1);
}
const diff = diffPacts(readPactDir(COMMITTED_PACTS), regenerated);
for (const line of summarise(diff)) console.log(`[pact] ${line}`);

if (check) {
  if (diff.changed) console.error('[pact] regenerated pacts differ from contracts/pacts/: run `npm run test:pact` and commit the change');
  rmSync(out, { recursive: true, force: true });
  process.exit(diff.changed ? 1 : 0);
}

if (diff.changed) {
  mkdirSync(COMMITTED_PACTS, { recursive: true });
  for (const f of readdirSync(COMMITTED_PACTS).filter((f) => f.endsWith('.json'))) rmSync(join(COMMITTED_PACTS, f));
  for (const f of Object.keys(regenerated)) copyFileSync(join(out, f), join(COMMITTED_PACTS, f));
  console.log('[pact] contracts/pacts/ updated: review and commit the change');
}
rmSync(out, { recursive: true, force: true });
