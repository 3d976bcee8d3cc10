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
import { JobAbandoned, JobStopped, type JobQueue } from './queue';

const QUEUE = 'lecture-transcode';
/** Progress is written at most this often (a row update each time). */
const PROGRESS_EVERY_MS = 1_000;

/** The operations' side of the queue: a finished upload or 다시 시도 sends one job, in the transaction that asks for it. */
export const transcodeQueue = (jobs: JobQueue): TranscodeQueue => ({
  async enqueueTranscode(job, tx) {
    await jobs.send(QUEUE, job, { tx });
  },
});

/** Why the last try failed, as the console shows it under 실패. */
function reasonOf(err: Error): string {
  if (err instanceof TranscodeError) return err.korean;
  if (err instanceof JobAbandoned) return '영상을 처리하던 작업자가 멈췄습니다. 다시 시도해주세요.';
  if (err instanceof JobStopped) return '서버가 멈추어 영상 처리가 중단되었습니다. 다시 시도해주세요.';
  return '영상을 처리하지 못했습니다. 다시 시도해주세요.';
}

/**
 * The worker: the upload's bytes through ffmpeg into the lecture's HLS ladder (server/media/transcode.ts), kept in the
 * lecture store (the data folder, or the bucket: server/media/lectureStorage.ts) before the lecture points at it; its
 * progress and outcome on the lecture's row. A failed try is thrown, so pg-boss retries it with backoff while the
 * lecture stays 변환 중; the last one makes it 실패 with its reason (server/jobs/queue.ts). `written` tells the
 * catalogue cache which tables changed.
 */
export async function workTranscodes(jobs: JobQueue, db: Db, storage: LectureStorage, written: (tables: string[]) => void): Promise<void> {
  const giveUp = (job: TranscodeJob, err: Error, tx: Db) => recordFailure(tx, job, reasonOf(err));
  await jobs.work<TranscodeJob>(QUEUE, async ({ data: job }, signal) => {
    // A newer upload of the same lecture (or one removed) makes this job moot.
    if (!(await recordProcessing(db, job))) return;
    let work: TranscodeWork | undefined;
    let last = 0;
    try {
      work = await storage.transcodeWork(job.videoid, job.uploadid);
      const done = await transcodeLecture(
        work.source,
        work.out,
        (percent) => {
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          void recordProgress(db, job, percent).catch(() => undefined);
        },
        signal,
      );
      // A try another worker has taken since (this one went silent) leaves the ladder to that one.
      signal.throwIfAborted();
      await work.publish();
      const path = `uploaded/${job.videoid}/${job.uploadid}/${done.master}`;
      const published = work;
      // 게시 가능 commits with the job's completion, and only while the try is still this worker's.
      return async (tx: Db) => {
        if (await recordReady(tx, job, { path, durationSec: done.durationSec, renditions: done.renditions })) return () => written(['videos', 'lecture_media']);
        await published.discard();
      };
    } catch (err) {
      // (The queue logs the try's failure and keeps its reason: server/jobs/queue.ts.)
      await work?.discard().catch(() => undefined);
      throw err;
    }
  }, giveUp);
}
