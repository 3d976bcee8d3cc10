import type { Db } from '../db/database';
import {
  recordFailure,
  recordProcessing,
  recordProgress,
  recordReady,
  type LectureStorage,
  type TranscodeJob,
  type TranscodeQueue,
  type TranscodeWork,
} from '../domain/lectureMedia';
import { TranscodeError, transcodeLecture } from '../media/transcode';
import type { JobQueue } from './queue';

const QUEUE = 'lecture-transcode';
/** Progress is written at most this often (a row update each time). */
const PROGRESS_EVERY_MS = 1_000;

/** The operations' side of the queue: a finished upload or 다시 시도 sends one job. */
export const transcodeQueue = (jobs: JobQueue): TranscodeQueue => ({
  async enqueueTranscode(job) {
    await jobs.send(QUEUE, job);
  },
});

/**
 * The worker: the upload's bytes through ffmpeg into the lecture's HLS ladder (server/media/transcode.ts), kept in the
 * lecture store (the data folder, or the bucket: server/media/lectureStorage.ts) before the lecture points at it; its
 * progress and outcome on the lecture's row. A failure is recorded with its reason and thrown, so pg-boss retries it
 * with backoff (server/jobs/queue.ts). `written` tells the catalogue cache which tables changed.
 */
export async function workTranscodes(jobs: JobQueue, db: Db, storage: LectureStorage, written: (tables: string[]) => void): Promise<void> {
  await jobs.work<TranscodeJob>(QUEUE, async ({ data: job }) => {
    // A newer upload of the same lecture (or one removed) makes this job moot.
    if (!(await recordProcessing(db, job))) return;
    let work: TranscodeWork | undefined;
    let last = 0;
    try {
      work = await storage.transcodeWork(job.videoid, job.uploadid);
      const done = await transcodeLecture(work.source, work.out, (percent) => {
        if (Date.now() - last < PROGRESS_EVERY_MS) return;
        last = Date.now();
        void recordProgress(db, job, percent).catch(() => undefined);
      });
      await work.publish();
      const path = `uploaded/${job.videoid}/${job.uploadid}/${done.master}`;
      if (await recordReady(db, job, { path, durationSec: done.durationSec, renditions: done.renditions })) written(['videos', 'lecture_media']);
      else await work.discard();
    } catch (err) {
      const korean = err instanceof TranscodeError ? err.korean : '영상을 처리하지 못했습니다. 다시 시도해주세요.';
      console.error(`[jobs] transcode of lecture ${job.videoid} (${job.uploadid}) failed: ${(err as Error).message}`);
      await work?.discard().catch(() => undefined);
      await recordFailure(db, job, korean);
      throw err;
    }
  });
}
