import type { Db } from '../db/database';
import { purgeExpiredAccess } from '../domain/personalDataAccess';
import { sweepUnattachedUploads } from '../domain/uploadSweep';
import type { JobQueue } from './queue';

const QUEUE = 'upload-sweep';
/**
 * How often a sweep is asked for: hourly, so an unattached upload lives at most a day and an hour. Every instance and
 * worker asks; pg-boss keeps one job per key and hour (singletonSeconds), so one sweep runs per hour across them all.
 */
const EVERY_SECONDS = 3600;

export interface UploadSweeper {
  /** Asks for a sweep now (at most one per hour is queued). */
  queue(): Promise<void>;
  stop(): void;
}

/** The scheduled removal of uploads nobody attached (server/domain/uploadSweep.ts), on the job queue. */
export async function workUploadSweep(jobs: JobQueue, db: Db, dataDir: string, clock: () => Date = () => new Date()): Promise<UploadSweeper> {
  await jobs.work(QUEUE, async () => {
    const gone = await sweepUnattachedUploads(db, dataDir, clock());
    if (gone.length) console.info(`[uploads] ${gone.length} upload(s) never attached within a day removed`);
    // The same hourly pass ends the personal-data access record's lines past their two years (issue 39).
    const expired = await purgeExpiredAccess(db, clock());
    if (expired) console.info(`[privacy] ${expired} personal-data access line(s) past two years removed`);
  });
  const queue = async () => {
    await jobs.send(QUEUE, {}, { singletonKey: QUEUE, singletonSeconds: EVERY_SECONDS });
  };
  const logged = (err: unknown) => console.error(`[uploads] sweep request failed: ${(err as Error).message}`);
  const timer = setInterval(() => void queue().catch(logged), EVERY_SECONDS * 1000);
  void queue().catch(logged);
  return { queue, stop: () => clearInterval(timer) };
}
