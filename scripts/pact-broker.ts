/**
 * The Pact Broker workflow, through @pact-foundation/pact-cli:
 *   npm run pact:publish       publishes contracts/pacts/*.json as consumer version = the git commit (PACT_CONSUMER_VERSION
 *                              overrides), with the branch (PACT_BRANCH, else the checked-out one) and PACT_TAGS (a,b);
 *   npm run pact:can-i-deploy  asks whether that version may go to PACT_ENVIRONMENT (default production).
 * The broker is PACT_BROKER_BASE_URL with PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD), read by
 * the CLI itself. Without PACT_BROKER_BASE_URL both say so and exit 0: CI runs them only when a broker is configured.
 */
import { execFileSync } from 'node:child_process';
import { COMMITTED_PACTS } from '../contracts/pact-dirs';
import { PACT_CLI_INSTALL, pactCliBinary, runPactCli } from './pact-cli';

const CONSUMER = 'storefront-web';
const command = process.argv[2];
if (command !== 'publish' && command !== 'can-i-deploy') {
  console.error('usage: tsx scripts/pact-broker.ts publish | can-i-deploy');
  process.exit(2);
}
const tag = `[pact:${command}]`;
const env = process.env;
if (!env.PACT_BROKER_BASE_URL) {
  console.log(`${tag} no Pact Broker configured (PACT_BROKER_BASE_URL is unset): skipped`);
  process.exit(0);
}
if (!pactCliBinary()) {
  console.error(`${tag} @pact-foundation/pact-cli is not installed: ${PACT_CLI_INSTALL}`);
  process.exit(1);
}

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const version = env.PACT_CONSUMER_VERSION || git('rev-parse', 'HEAD');
if (!version) {
  console.error(`${tag} no consumer version: not a git checkout, and PACT_CONSUMER_VERSION is unset`);
  process.exit(1);
}
// A detached checkout (CI) names no branch: PACT_BRANCH then says which.
const checkedOut = git('rev-parse', '--abbrev-ref', 'HEAD');
const branch = env.PACT_BRANCH || (checkedOut && checkedOut !== 'HEAD' ? checkedOut : '');
const tags = (env.PACT_TAGS ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);

const args =
  command === 'publish'
    ? [
        'broker',
        'publish',
        COMMITTED_PACTS,
        '--consumer-app-version',
        version,
        ...(branch ? ['--branch', branch] : []),
        // One --tag takes them all (the CLI refuses the flag twice).
        ...(tags.length ? ['--tag', ...tags] : []),
        ...(env.PACT_BUILD_URL ? ['--build-url', env.PACT_BUILD_URL] : []),
      ]
    : ['broker', 'can-i-deploy', '--pacticipant', CONSUMER, '--version', version, '--to-environment', env.PACT_ENVIRONMENT || 'production'];

console.log(`${tag} ${CONSUMER} ${version}${branch ? ` (branch ${branch})` : ''} → ${env.PACT_BROKER_BASE_URL}`);
runPactCli(args).once('exit', (code, signal) => {
  if (code !== 0) console.error(`${tag} failed (${code ?? signal})`);
  process.exit(code ?? 1);
});
