import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The one build of the app the browser tests use, without vitest, so CI can build once before running two lanes of
 * browser tests side by side (scripts/test-all.sh: `npx tsx e2e/build.ts`).
 */
const ROOT = resolve(import.meta.dirname, '..');

/** Builds the SPA into dist/ (route tree + vite build). Skipped with E2E_NO_BUILD=1 when dist exists. */
export function buildApp(): void {
  if (process.env.E2E_NO_BUILD === '1' && existsSync(join(ROOT, 'dist', 'index.html'))) return;
  // The production build a member gets (vitest's NODE_ENV=test would make Vite bundle React's slower development build).
  const r = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('e2e: vite build failed');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildApp();
