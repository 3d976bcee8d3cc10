import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database';
import { abandonedJobs, beat, beginAttempt, endAttempt, stillOurs, type AttemptOutcome } from './attempts';

/**
 * The PostgreSQL job queue (pg-boss) on the store's own database: the same code on PGlite (the embedded default) and on
 * PostgreSQL, through pg-boss's `db` adapter over the app's connection (docs/decisions.md, "Lecture video"). pg-boss
 * takes a job with `for update skip locked`, so across INSTANCES=N and workers each job runs once; jobs are rows, so
 * they survive a restart; a failed job is retried with backoff. Each try is a row of job_attempts (server/jobs/attempts.ts)
 * with its outcome and reason; a try whose process died (SIGKILL, a lost machine) is found by its silence and retried
 * within `abandonedAfterSeconds`, and a try settles only while pg-boss still has it as this process fetched it, so a run
 * counted abandoned never completes or fails the job another worker has taken since.
 */
export interface JobQueue {
  /** Queues a job; given `tx`, in that transaction (the job exists exactly when the write that asked for it commits). */
  send<T extends object>(name: QueueName, data: T, options?: PgBoss.SendOptions & { tx?: Db }): Promise<string | null>;
  /**
   * Runs `handler` for each job of `name`, one at a time in this process; its `signal` aborts when the server stops,
   * when the try outlives the job's expiry, or when another worker has counted it abandoned. A throw fails the try
   * (retried with backoff); `giveUp` is told of a job's last failed try, in the transaction that fails it. What the
   * handler returns is written in the transaction that completes the job.
   */
  work<T extends object>(name: QueueName, handler: JobHandler<T>, giveUp?: GiveUp<T>): Promise<void>;
  job<T extends object>(name: QueueName, id: string): Promise<PgBoss.JobWithMetadata<T> | null>;
  stop(): Promise<void>;
}
export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>, signal: AbortSignal) => Promise<void | JobFinish>;
/** A job's last writes, made only by the try that still holds it, with its completion; what it returns runs after the commit. */
export type JobFinish = (tx: Db) => Promise<void | (() => void)>;
export type GiveUp<T> = (data: T, reason: Error, tx: Db) => Promise<void>;

/** Every queue, with its retry rule: two more tries, the first 10-20 s later, the second 20-40 s (pg-boss's backoff with jitter). */
export const QUEUES = {
  'lecture-transcode': { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 4 * 3600 },
  // A mail (server/jobs/mailJob.ts): eight more tries over about half an hour (4-8 s, 8-16 s, ... 512-1024 s), so a
  // relay down for minutes delays mail without losing it; a try is cut after 2 minutes (its lease's length).
  'mail-send': { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
  // The hourly removal of uploads never attached (server/jobs/uploadSweepJob.ts): a failed run is simply the next hour's.
  'upload-sweep': { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 900 },
} as const;
export type QueueName = keyof typeof QUEUES;

/** Why a try ended without its handler's own error. */
export class JobStopped extends Error {
  constructor() {
    super('stopped with the server');
  }
}
export class JobAbandoned extends Error {
  constructor(seconds: number) {
    super(`its worker went silent (no heartbeat for ${seconds} s)`);
  }
}
export class JobTimedOut extends Error {
  constructor(seconds: number) {
    super(`still running after ${seconds} s`);
  }
}

export interface JobQueueOptions {
  /** 'enqueue': this process only sends (its jobs run in `npm run worker` processes); no maintenance, no work(). */
  role?: 'work' | 'enqueue';
  pollingIntervalSeconds?: number;
  /** The first retry's delay (the queue's rule by default); tests shorten it. */
  retryDelaySeconds?: number;
  /** How long a running try may go without a heartbeat before another worker counts it abandoned (default 60). */
  abandonedAfterSeconds?: number;
  /**
   * This process is the database's only worker (the embedded PGlite is one process's): every try active at its start
   * is a previous run's, abandoned at once.
   */
  sole?: boolean;
}

/** JOB_RETRY_DELAY_SECONDS and JOB_ABANDONED_AFTER_SECONDS (.env.example), for `npm start` and `npm run worker`. */
export function jobQueueSettings(env: Record<string, string | undefined>): Pick<JobQueueOptions, 'retryDelaySeconds' | 'abandonedAfterSeconds'> {
  const seconds = (key: string) => {
    const raw = env[key]?.trim();
    if (!raw) return undefined;
    const n = Number(raw);
    if (!(n > 0) || n > 86_400) throw new Error(`${key} must be a number of seconds from 1 to 86400 (got "${raw}")`);
    return Math.max(1, Math.round(n));
  };
  return { retryDelaySeconds: seconds('JOB_RETRY_DELAY_SECONDS'), abandonedAfterSeconds: seconds('JOB_ABANDONED_AFTER_SECONDS') };
}

/** The advisory lock under which processes on one database start pg-boss, one at a time (as server/db/migrate.ts's). */
const START_LOCK = 2_026_112_838;
/** How long stop() waits for tries it aborted to settle; one that has not is left to the next sweep. */
const STOP_WAIT_MS = 5_000;

export async function openJobQueue(db: Db, options: JobQueueOptions = {}): Promise<JobQueue> {
  const executor = (on: Db): PgBoss.Db => ({
    executeSql: async (text, values) => ({ rows: (await on.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }),
  });
  // pg-boss's schema commands are texts of several statements, BEGIN … COMMIT, and its create and migrate races fail
  // on purpose in the losers; the failed one's connection must not go back to the pool inside an aborted transaction
  // (seen: processes started together on a fresh PostgreSQL, all but one died of "current transaction is aborted").
  const root: PgBoss.Db = {
    executeSql: (text, values) =>
      values?.length
        ? executor(db).executeSql(text, values)
        : db.connection().execute(async (conn) => {
            try {
              return await executor(conn).executeSql(text, []);
            } catch (err) {
              await conn.executeQuery(CompiledQuery.raw('rollback', [])).catch(() => undefined);
              throw err;
            }
          }),
  };
  const working = options.role !== 'enqueue';
  const boss = new PgBoss({
    db: root,
    schema: 'pgboss',
    // No cron schedules; maintenance (expiry, archive) runs where jobs are worked.
    schedule: false,
    supervise: working,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => console.error(`[jobs] ${err.message}`));
  // Each job carries its queue's rule from its sending (pg-boss keeps it on the job's row).
  const rules = Object.fromEntries(
    Object.entries(QUEUES).map(([name, rule]) => [name, { ...rule, retryDelay: options.retryDelaySeconds ?? rule.retryDelay }]),
  ) as Record<QueueName, PgBoss.SendOptions>;
  const startUp = async () => {
    await boss.start();
    for (const [name, rule] of Object.entries(rules)) await boss.createQueue(name, { name, ...rule });
  };
  // Processes started together on a fresh PostgreSQL (instances and workers) create pg-boss's schema and queues one at
  // a time: its queue partitions deadlock when created at once (seen). PGlite has one process, and one connection.
  if (options.sole) await startUp();
  else
    await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
      try {
        await startUp();
      } finally {
        await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
      }
    });

  const pollMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  const silentSeconds = options.abandonedAfterSeconds ?? 60;
  // A few heartbeats fit in the silence a try is allowed; sweeps look twice in it.
  const beatMs = Math.max(250, (silentSeconds * 1000) / 4);
  const sweepMs = Math.max(500, (silentSeconds * 1000) / 2);
  let stopping = false;
  const idle = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const loops: Promise<void>[] = [];
  const running = new Set<AbortController>();

  /** Fails the tries whose process went silent (or, `silent` 0, every active one), in one transaction. */
  const sweep = async <T extends object>(name: QueueName, giveUp: GiveUp<T> | undefined, silent: number) => {
    await db.transaction().execute(async (tx) => {
      const jobs = await abandonedJobs(tx, name, silent);
      if (!jobs.length) return;
      const reason = new JobAbandoned(silent);
      for (const job of jobs) {
        await boss.fail(name, job.id, reason, { db: executor(tx) });
        await endAttempt(tx, job.id, job.retryCount + 1, 'abandoned', reason.message);
        if (job.retryCount >= job.retryLimit) await giveUp?.(job.data as T, reason, tx);
      }
      console.error(`[jobs] ${name}: ${jobs.length} job(s) of a worker that went silent, failed for a retry`);
    });
  };

  /** The try's end, written only while pg-boss still has the job as this process fetched it. */
  const settle = async <T extends object>(
    name: QueueName,
    job: PgBoss.JobWithMetadata<T>,
    err: Error | undefined,
    giveUp?: GiveUp<T>,
    finish?: JobFinish,
  ): Promise<void> => {
    const outcome: AttemptOutcome = !err ? 'completed' : err instanceof JobStopped ? 'stopped' : err instanceof JobAbandoned ? 'abandoned' : 'failed';
    let after: (() => void) | undefined;
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await stillOurs(tx, name, job.id, job.retryCount))) return;
        if (err) {
          await boss.fail(name, job.id, err, { db: executor(tx) });
          if (job.retryCount >= job.retryLimit) await giveUp?.(job.data, err, tx);
        } else {
          after = (await finish?.(tx)) ?? undefined;
          // Four arguments, as pg-boss 10's code takes them (its typings also offer (name, id, options), which it reads as data).
          await boss.complete(name, job.id, null as unknown as object, { db: executor(tx) });
        }
        await endAttempt(tx, job.id, job.retryCount + 1, outcome, err?.message);
      });
    } catch (e) {
      // The job's last writes failed: the try fails instead, and is retried.
      if (err) throw e;
      return settle(name, job, e as Error, giveUp);
    }
    after?.();
  };

  const runOne = async <T extends object>(name: QueueName, job: PgBoss.JobWithMetadata<T>, handler: JobHandler<T>, giveUp?: GiveUp<T>) => {
    const attempt = job.retryCount + 1;
    const abort = new AbortController();
    running.add(abort);
    try {
      await beginAttempt(db, job, attempt);
      const beating = setInterval(
        () => void beat(db, job.id, attempt).then((ours) => ours || abort.abort(new JobAbandoned(silentSeconds)), () => undefined),
        beatMs,
      );
      // Before pg-boss's own expiry fails the job under a run that goes on.
      const limit = Math.max(1, Number(job.expireInSeconds) - 60);
      const deadline = setTimeout(() => abort.abort(new JobTimedOut(limit)), limit * 1000);
      let err: Error | undefined;
      let finish: JobFinish | undefined;
      try {
        finish = (await handler(job, abort.signal)) ?? undefined;
      } catch (e) {
        err = e as Error;
      } finally {
        clearInterval(beating);
        clearTimeout(deadline);
      }
      // A run cut by its signal ends for the signal's reason, whatever the handler threw on its way out.
      if (abort.signal.aborted) err = abort.signal.reason as Error;
      if (err && !(err instanceof JobStopped)) console.error(`[jobs] ${name} ${job.id} try ${attempt} failed: ${err.message}`);
      await settle(name, job, err, giveUp, finish);
    } catch (e) {
      // The database went away mid-try: the try goes silent, and a sweep retries it.
      console.error(`[jobs] ${name} ${job.id} try ${attempt} left unsettled: ${(e as Error).message}`);
    } finally {
      running.delete(abort);
    }
  };

  return {
    send: (name, data, { tx, ...sendOptions } = {}) => boss.send(name, data, { ...rules[name], ...sendOptions, ...(tx ? { db: executor(tx) } : {}) }),
    async work(name, handler, giveUp) {
      if (!working) throw new Error('[jobs] this queue only sends (role "enqueue")');
      await sweep(name, giveUp, options.sole ? 0 : silentSeconds);
      const sweeping = setInterval(() => void sweep(name, giveUp, silentSeconds).catch((e: Error) => console.error(`[jobs] sweep: ${e.message}`)), sweepMs);
      timers.push(sweeping);
      loops.push(
        (async () => {
          while (!stopping) {
            const [job] = await boss.fetch<never>(name, { batchSize: 1, includeMetadata: true }).catch(() => []);
            // A job taken as the server stops goes back for a retry at once.
            if (job && stopping) await settle(name, job, new JobStopped()).catch(() => undefined);
            else if (job) await runOne(name, job, handler, giveUp);
            else await delay(pollMs, undefined, { signal: idle.signal }).catch(() => undefined);
          }
        })(),
      );
    },
    job: (name, id) => boss.getJobById(name, id, { includeArchive: true }) as never,
    async stop() {
      stopping = true;
      timers.forEach(clearInterval);
      idle.abort();
      // A try cut by a stop is failed now (its ffmpeg killed by the signal), so it is retried at the next start.
      for (const abort of running) abort.abort(new JobStopped());
      await Promise.race([Promise.all(loops), delay(STOP_WAIT_MS)]);
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    },
  };
}
