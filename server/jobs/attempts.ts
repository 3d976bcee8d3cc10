import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The runs of queued jobs (migration 035): one row per try, kept after pg-boss archives the job. A running try is
 * proved alive by its `beat_at`; pg-boss itself only notices a dead worker's job when the job's expiry (hours) runs out.
 */
export type AttemptOutcome = 'completed' | 'failed' | 'abandoned' | 'stopped';

/** This process, as the rows name it: a worker on another machine reads which one ran a try. */
export const THIS_WORKER = `${hostname()}:${process.pid}`;

export async function beginAttempt(db: Db, job: { id: string; name: string }, attempt: number): Promise<void> {
  await sql`insert into job_attempts (job_id, attempt, queue, worker) values (${job.id}, ${attempt}, ${job.name}, ${THIS_WORKER})
    on conflict (job_id, attempt) do nothing`.execute(db);
}

/** Touches the try; false once another worker has counted it abandoned (the run is no longer this process's). */
export async function beat(db: Db, jobId: string, attempt: number): Promise<boolean> {
  const r = await sql`update job_attempts set beat_at = now() where job_id = ${jobId} and attempt = ${attempt} and ended_at is null`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

export async function endAttempt(db: Db, jobId: string, attempt: number, outcome: AttemptOutcome, error?: string): Promise<void> {
  await sql`update job_attempts set ended_at = now(), outcome = ${outcome}, error = ${error?.slice(0, 2000) ?? null}
    where job_id = ${jobId} and attempt = ${attempt} and ended_at is null`.execute(db);
}

export interface ActiveJob<T = object> {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/**
 * pg-boss's active jobs of `queue` whose try has not been touched for `silentSeconds` (0: every active one, when this
 * process is the database's only worker), locked for the caller's transaction: two workers sweeping at once never both
 * take one. Reads pg-boss 10's own table (the version is pinned in package.json).
 */
export async function abandonedJobs(tx: Db, queue: string, silentSeconds: number): Promise<ActiveJob[]> {
  const r = await sql<ActiveJob>`select j.id, j.name, j.data, j.retry_count as "retryCount", j.retry_limit as "retryLimit"
    from pgboss.job j
    where j.name = ${queue} and j.state = 'active' and j.started_on <= now() - ${silentSeconds} * interval '1 second'
      and not exists (select 1 from job_attempts a where a.job_id = j.id and a.attempt = j.retry_count + 1 and a.ended_at is null
        and a.beat_at > now() - ${silentSeconds} * interval '1 second')
    for update of j skip locked`.execute(tx);
  return r.rows;
}

/** Whether pg-boss still has the job active in the try this process fetched, locked for the caller's transaction. */
export async function stillOurs(tx: Db, queue: string, jobId: string, retryCount: number): Promise<boolean> {
  const r = await sql`select 1 from pgboss.job where name = ${queue} and id = ${jobId} and state = 'active' and retry_count = ${retryCount}
    for update`.execute(tx);
  return r.rows.length > 0;
}
