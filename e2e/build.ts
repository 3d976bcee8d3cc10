import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/**
 * `--with-live` also makes the live configuration's build (dist-live/, which the live-* journeys share through
 * `ensureLiveBuild`), in a second process beside this one: built inside the journeys' lane, it held that lane ~45 s
 * while the other lane ran on.
 */
async function buildAppAndLiveApp(): Promise<void> {
  const live = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--live-only'], { stdio: 'inherit' });
  const liveExit = new Promise<number | null>((ok) => live.on('exit', ok));
  try {
    buildApp();
  } catch (error) {
    // A failed app build ends the step: the live build is not left running behind it.
    live.kill();
    throw error;
  }
  if ((await liveExit) !== 0) throw new Error('e2e: the live build failed');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--live-only')) (await import('../fakes/live-local')).ensureLiveBuild('dist-live');
  else if (process.argv.includes('--with-live')) await buildAppAndLiveApp();
  else buildApp();
}
