import { rmSync, mkdirSync } from 'node:fs';
import { consumerPactDir } from './pact-dirs';

/** Removed interactions must disappear: every consumer run starts from an empty output folder. */
export default function setup() {
  const dir = consumerPactDir();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
