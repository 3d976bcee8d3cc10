import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed contract: what validation and provider verification read, and what CI compares against. */
export const COMMITTED_PACTS = fileURLToPath(new URL('./pacts', import.meta.url));

/**
 * Where consumer tests write. Never the committed folder: pact-js writes each test file's pact when that
 * file ends, so a failing test would leave a contract without its interaction. `scripts/pact-consumer.ts`
 * sets PACT_DIR to a fresh temp folder and copies into contracts/pacts only when every test passed.
 */
export function consumerPactDir(): string {
  return process.env.PACT_DIR || join(tmpdir(), 'storefront-pacts-last-run');
}
