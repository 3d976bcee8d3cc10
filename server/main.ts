import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startServer, ROOT } from './start';
import { jsonLines } from './http/requestLog';
import { missingSecrets } from './lib/secrets';
import { appEnvironment, isLocalMode } from './lib/mode';

// Before anything else: on a shared database, instances must share their signing secrets (server/lib/secrets.ts).
const appEnv = appEnvironment(ROOT, 'production');
const refusals = missingSecrets({ ...process.env, ...appEnv }, isLocalMode(appEnv));
if (refusals.length) {
  for (const reason of refusals) console.error(`[server] not starting: ${reason}`);
  process.exit(1);
}

// npm start: one origin for the built SPA and the API. Build once when dist/ is missing.
if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.log('[server] dist/index.html missing: building the app (npx vite build)');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[server] build failed');
    process.exit(r.status ?? 1);
  }
}
const port = Number(process.env.PORT || 4173);
const server = await startServer({ port, host: '::', serveApp: true, requestLog: jsonLines });
console.log(`[server] storefront ready: ${server.url}  (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in ./.data'})`);
// SIGTERM (an orchestrator's stop): /readyz turns 503, requests in flight finish, then the pool closes.
const stop = async (signal: string) => {
  console.log(`[server] ${signal}: draining`);
  await server.close();
  console.log('[server] stopped');
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
