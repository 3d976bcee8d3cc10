import cluster, { type Worker } from 'node:cluster';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { isEmpty, seed } from './db/seed';

/**
 * `INSTANCES=N npm start` (issue 27): N worker processes on one port (node's cluster module hands each new connection
 * to the next worker), all on one PostgreSQL. The primary serves nothing: it migrates and seeds once, forks the
 * workers, starts a new one when one dies, and on SIGTERM or SIGINT asks each to drain (server/start.ts `close()`),
 * then exits once they have. Without INSTANCES (or with 1) `npm start` is the single process it always was.
 */
export interface InstancesOptions {
  count: number;
  /** The database every worker uses; the primary migrates and seeds it before forking. */
  databaseUrl: string;
  /** Starts this worker's server (called in each worker). */
  serve: () => Promise<{ close(): Promise<void> }>;
  /** How long the primary waits for its workers to drain before it kills them (their own bound is 10 s). */
  stopMs?: number;
}

/** The number of workers INSTANCES asks for: 1 when unset; more than 1 needs PostgreSQL (PGlite is one process's). */
export function instanceCount(env: Record<string, string | undefined>): number {
  const raw = env.INSTANCES?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`INSTANCES must be a whole number from 1 to 64 (got "${raw}")`);
  if (n > 1 && !env.DATABASE_URL)
    throw new Error('INSTANCES above 1 needs DATABASE_URL: the embedded PGlite belongs to one process');
  return n;
}

export async function runInstances(o: InstancesOptions): Promise<void> {
  if (cluster.isPrimary) await primary(o);
  else await worker(o);
}

/** Restart delays after a worker died young (a crash loop backs off instead of spinning). */
const RESTART_MS = [100, 500, 1_000, 2_000, 5_000];
/** A worker that lived this long was healthy: the next death restarts it at once. */
const HEALTHY_MS = 10_000;

async function primary(o: InstancesOptions): Promise<void> {
  const database = await openDatabase({ url: o.databaseUrl });
  try {
    const applied = await migrate(database.db, async (db) => {
      if (!(await isEmpty(db))) return;
      await seed(db);
      console.log('[server] seeded demo data');
    });
    if (applied.length) console.log(`[server] migrations applied: ${applied.join(', ')}`);
  } finally {
    await database.close();
  }
  let stopping = false;
  let youngDeaths = 0;
  const born = new Map<Worker, number>();
  const fork = () => born.set(cluster.fork(), Date.now());
  cluster.on('exit', (w, code, signal) => {
    const lived = Date.now() - (born.get(w) ?? 0);
    born.delete(w);
    if (stopping) {
      if (born.size === 0) {
        console.log('[server] every worker stopped');
        process.exit(0);
      }
      return;
    }
    youngDeaths = lived < HEALTHY_MS ? youngDeaths + 1 : 0;
    const wait = youngDeaths ? RESTART_MS[Math.min(youngDeaths - 1, RESTART_MS.length - 1)]! : 0;
    console.error(`[server] worker ${w.process.pid} died (${signal ?? `exit ${code}`}); starting another in ${wait} ms`);
    setTimeout(() => !stopping && fork(), wait);
  });
  for (let i = 0; i < o.count; i++) fork();
  console.log(`[server] ${o.count} instances starting (primary ${process.pid})`);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: draining ${born.size} workers`);
    if (born.size === 0) process.exit(0);
    for (const w of born.keys()) w.process.kill('SIGTERM');
    setTimeout(() => {
      console.error('[server] workers still running after the drain bound: killing them');
      for (const w of born.keys()) w.process.kill('SIGKILL');
    }, o.stopMs ?? 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function worker(o: InstancesOptions): Promise<void> {
  const server = await o.serve();
  // SIGTERM from the primary; SIGINT too, as a terminal's Ctrl-C reaches every process of the group.
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
