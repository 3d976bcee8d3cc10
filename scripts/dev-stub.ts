/**
 * npm run dev:stub [-- <vite options>]: front-end work without a backend. pact-stub-server (@pact-foundation/pact-cli)
 * answers the API from contracts/pacts/ on API_PORT (4174), and Vite runs the app against it through the same proxy
 * as `npm run dev`. Only what the pacts recorded answers: a request no interaction matches gets the stub's 404.
 */
import { spawn } from 'node:child_process';
import { COMMITTED_PACTS } from '../contracts/pact-dirs';
import { PACT_CLI_INSTALL, pactCliBinary, runPactCli } from './pact-cli';

if (!pactCliBinary()) {
  console.error(`[dev:stub] pact-stub-server comes with @pact-foundation/pact-cli, which is not installed: ${PACT_CLI_INSTALL}`);
  process.exit(1);
}
const apiPort = Number(process.env.API_PORT || 4174);
const stub = runPactCli(['stub', '--dir', COMMITTED_PACTS, '--port', String(apiPort), '--loglevel', process.env.PACT_STUB_LOG_LEVEL || 'warn']);
console.log(`[dev:stub] the API from ${COMMITTED_PACTS} on http://localhost:${apiPort}`);
const vite = spawn('npx', ['vite', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, API_PORT: String(apiPort) } });

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  stub.kill('SIGTERM');
  vite.kill('SIGTERM');
  process.exitCode = code;
};
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
stub.once('exit', (code) => {
  if (!stopping) console.error(`[dev:stub] pact-stub-server exited (${code}): is port ${apiPort} taken? (API_PORT)`);
  stop(code ?? 1);
});
vite.once('exit', (code) => stop(code ?? 0));
