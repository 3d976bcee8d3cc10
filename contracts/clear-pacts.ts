import { rmSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Removed interactions must disappear: every pact run starts from an empty pact folder. */
export default function setup() {
  const dir = fileURLToPath(new URL('./pacts', import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
