import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { jsonLines } from './http/requestLog';
import { missingSecrets } from './lib/secrets';
import { appEnvironment, isLocalMode } from './lib/mode';
import { instanceCount, runInstances } from './instances';

// The server and the mail stand-in load in the processes that serve: INSTANCES=N's primary only migrates and forks, and
// loading every handler there cost each cluster start a whole load of the app (seconds on a busy 2-core machine).
const ROOT = resolve(import.meta.dirname, '..');
// The built app to serve: ./dist, or DIST_DIR (a build made elsewhere).
const distDir = process.env.DIST_DIR || join(ROOT, 'dist');
let instances = 1;
if (cluster.isPrimary) {
  // Before anything else: on a shared database, instances must share their signing secrets (server/lib/secrets.ts).
  const appEnv = appEnvironment(ROOT, 'production');
  const refusals = missingSecrets({ ...process.env, ...appEnv }, isLocalMode(appEnv));
  try {
    instances = instanceCount(process.env);
  } catch (e) {
    refusals.push((e as Error).message);
  }
  if (refusals.length) {
    for (const reason of refusals) console.error(`[server] not starting: ${reason}`);
    process.exit(1);
  }
  // npm start: one origin for the built SPA and the API. Build once when dist/ is missing.
  if (!existsSync(join(distDir, 'index.html'))) {
    console.log('[server] dist/index.html missing: building the app (npx vite build)');
    const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('[server] build failed');
      process.exit(r.status ?? 1);
    }
  }
}
const port = Number(process.env.PORT || 4173);
const serve = async () => {
  // JOBS=off: an instance that answers and queues, while `npm run worker` processes beside it on the same PostgreSQL
  // run the jobs; on the embedded PGlite nothing else could run them, so uploads are off there.
  const jobs = process.env.JOBS !== 'off' || (process.env.DATABASE_URL ? 'enqueue' : false);
  // The demo's mail: without SMTP_URL, one process of the local mode sends to its own SMTP stand-in, shown at /_mail.
  const catcher = jobs === true && instances === 1 && !process.env.SMTP_URL && isLocalMode(appEnvironment(ROOT, 'production'))
    ? await (await import('./local/mailCatcher')).startMailCatcher({ port: Number(process.env.MAIL_CATCHER_PORT || 2525) }).catch((e: Error) => {
        console.warn(`[server] the demo's mail stand-in did not start (${e.message}): mails wait in the outbox`);
        return undefined;
      })
    : undefined;
  const mail = catcher ? { smtpUrl: catcher.url, catcher } : undefined;
  // DATA_DIR: uploads and lecture videos (and the PGlite database without DATABASE_URL); `npm run worker` reads the same.
  const files = { databaseUrl: process.env.DATABASE_URL || undefined, dbDir: process.env.DATA_DIR || undefined };
  const { startServer } = await import('./start');
  const server = await startServer({ port, host: '::', serveApp: true, distDir, requestLog: jsonLines, jobs, mail, ...files });
  console.log(
    `[server] storefront ready: ${server.url}  (${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${process.env.DATA_DIR || './.data'}`}, pid ${process.pid})`,
  );
  if (catcher) console.log(`[server] demo mail: sent to the SMTP stand-in on ${catcher.url}, shown at ${server.url}/_mail`);
  return server;
};

if (cluster.isWorker || instances > 1) {
  // INSTANCES=N: the primary migrates once, forks N workers on this port and restarts any that dies (server/instances.ts).
  await runInstances({ count: instances, databaseUrl: process.env.DATABASE_URL!, serve });
} else {
  const server = await serve();
  // SIGTERM (an orchestrator's stop): /readyz turns 503, requests in flight finish, then the pool closes.
  const stop = async (signal: string) => {
    console.log(`[server] ${signal}: draining`);
    await server.close();
    console.log('[server] stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
