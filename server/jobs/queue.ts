import PgBoss from 'pg-boss';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database';

/**
 * The PostgreSQL job queue (pg-boss) on the store's own database: the same code on PGlite (the embedded default) and on
 * PostgreSQL, through pg-boss's `db` adapter over the app's connection (docs/decisions.md, "Lecture video"). pg-boss
 * takes a job with `for update skip locked`, so across INSTANCES=N each job runs once; jobs are rows, so they survive a
 * restart; a failed job is retried with backoff and its failures are kept with their reason.
 */
export interface JobQueue {
  send<T extends object>(name: QueueName, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of `name`, one at a time in this process; its `signal` aborts on stop. */
  work<T extends object>(name: QueueName, handler: (job: PgBoss.JobWithMetadata<T>, signal: AbortSignal) => Promise<void>): Promise<void>;
  job<T extends object>(name: QueueName, id: string): Promise<PgBoss.JobWithMetadata<T> | null>;
  stop(): Promise<void>;
}

/** Every queue, with its retry rule: two more tries, 10 s then 20 s later. */
export const QUEUES = {
  'lecture-transcode': { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 4 * 3600 },
} as const;
export type QueueName = keyof typeof QUEUES;

export async function openJobQueue(db: Db, options: { pollingIntervalSeconds?: number } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }) },
    schema: 'pgboss',
    // No cron schedules; maintenance (expiry, archive) stays on.
    schedule: false,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => console.error(`[jobs] ${err.message}`));
  await boss.start();
  for (const [name, rule] of Object.entries(QUEUES)) await boss.createQueue(name, { name, ...rule });
  const running = new Set<{ name: string; id: string; abort: AbortController }>();
  return {
    send: (name, data, sendOptions = {}) => boss.send(name, data, sendOptions),
    async work(name, handler) {
      await boss.work<object>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, includeMetadata: true, batchSize: 1 },
        async ([job]) => {
          const entry = { name, id: job!.id, abort: new AbortController() };
          running.add(entry);
          try {
            await handler(job as PgBoss.JobWithMetadata<never>, entry.abort.signal);
          } finally {
            running.delete(entry);
          }
        },
      );
    },
    job: (name, id) => boss.getJobById(name, id, { includeArchive: true }) as never,
    async stop() {
      // A job cut by a stop is failed now, so it is retried at the next start instead of waiting out its expiry.
      for (const r of running) {
        r.abort.abort();
        await boss.fail(r.name, r.id, { message: 'stopped with the server' }).catch(() => undefined);
      }
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    },
  };
}
