import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { isoOrNull, kst } from '../lib/time';
import { classInScope, type Author } from './classAuthoring';

/** A lecture's video from the console: upload (tus), processing (a job), 게시 가능 or 실패 (issue 38). */
export type LectureMedia = components['schemas']['AdminLectureMedia'];

/** The job queue as the operations see it: the root wires pg-boss (server/jobs/queue.ts) behind it. */
export interface TranscodeQueue {
  /** Queued in `tx`: the job exists exactly when the lecture's 변환 중 that asked for it commits. */
  enqueueTranscode(job: TranscodeJob, tx: Db): Promise<void>;
}
export interface TranscodeJob {
  videoid: number;
  uploadid: string;
}

/**
 * Where lecture videos are kept, as the operations and the job see it (server/media/lectureStorage.ts: the data folder
 * in the demo, an S3 bucket in production): the tus uploads, and the HLS ladders made from them. Ladder files are
 * named by their path below `media/`: `uploaded/<videoid>/<uploadid>/master.m3u8`, `…/<rung>/index.m3u8`, `…/<n>.m4s`.
 */
export interface LectureStorage {
  readonly kind: 'file' | 's3';
  /** The store's tus 1.0 server (`@tus/server`), made at the first upload request. */
  uploads(): Promise<{ handleWeb(req: Request): Promise<Response> }>;
  /** Bytes of an unfinished upload held so far, 0 when it has none. */
  bytesHeld(uploadid: string): Promise<number>;
  /** Removes an upload and what it holds (its first bytes were refused). */
  discardUpload(uploadid: string): Promise<void>;
  /** One processing of a finished upload: the source as a local file for ffmpeg, a local folder for its ladder. */
  transcodeWork(videoid: number, uploadid: string): Promise<TranscodeWork>;
  /** A file of a ladder by its path (`uploaded/…`), or undefined when there is none. */
  ladderFile(path: string): Promise<LadderFile | undefined>;
}

export interface TranscodeWork {
  source: string;
  out: string;
  /** The ladder in `out` becomes what members are served; local copies of a remote store go. */
  publish(): Promise<void>;
  /** The ladder is abandoned (ffmpeg failed, or a newer upload won), wherever it got to. */
  discard(): Promise<void>;
}

export interface LadderFile {
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  length: number | undefined;
}

/** Upload-Length above this is refused before anything is stored. */
export const MAX_VIDEO_BYTES = 5 * 1024 ** 3;
export const TOO_LARGE = '영상 파일은 5GB까지 올릴 수 있습니다.';
export const NOT_A_VIDEO = '영상 파일만 올릴 수 있습니다. (MP4, MOV, WebM, MKV, AVI, TS)';
export const NO_FFMPEG = '이 서버에는 영상 변환 도구(ffmpeg)가 없어 영상을 올릴 수 없습니다. 운영 안내서를 확인해주세요.';
const LECTURE_NOT_FOUND = '요청하신 강의를 찾을 수 없습니다.';
const UPLOAD_NOT_FOUND = '업로드를 찾을 수 없습니다. 처음부터 다시 올려주세요.';
const NOT_FAILED = '실패한 영상만 다시 시도할 수 있습니다.';

export interface MediaRow {
  videoid: number;
  upload_id: string;
  upload_length: number;
  state: 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  renditions: string;
  duration_sec: number;
  updated_at: string;
}

const COLUMNS = sql`videoid, upload_id, upload_length::float8 as upload_length, state, progress, error, renditions, duration_sec, updated_at`;

/** The lecture's class in the staff member's scope (403 for an instructor on another teacher's class), or 404. */
export async function lectureClassInScope(db: Db, author: Author, videoid: number): Promise<number> {
  const v = await one(db, sql<{ contentsid: number }>`select contentsid from videos where videoid = ${videoid}`);
  if (!v) return fail(404, LECTURE_NOT_FOUND);
  await classInScope(db, author, v.contentsid);
  return v.contentsid;
}

export const mediaOfLecture = (db: Db, videoid: number) =>
  one(db, sql<MediaRow>`select ${COLUMNS} from lecture_media where videoid = ${videoid}`);

/** The upload a tus request names, in the staff member's scope; 404 for an upload nobody started here. */
export async function uploadInScope(db: Db, author: Author, uploadid: string): Promise<MediaRow> {
  const row = await one(db, sql<MediaRow>`select ${COLUMNS} from lecture_media where upload_id = ${uploadid}`);
  if (!row) return fail(404, UPLOAD_NOT_FOUND);
  await lectureClassInScope(db, author, row.videoid);
  return row;
}

/** A new upload replaces whatever the lecture had in the console (the video it plays now stays until the new one is ready). */
export async function startUpload(db: Db, videoid: number, uploadid: string, length: number, by: string): Promise<void> {
  await sql`insert into lecture_media (videoid, upload_id, upload_length, state, progress, error, uploaded_by, updated_at)
    values (${videoid}, ${uploadid}, ${length}, 'uploading', 0, null, ${by}, ${kst()})
    on conflict (videoid) do update set upload_id = excluded.upload_id, upload_length = excluded.upload_length, state = 'uploading',
      progress = 0, error = null, renditions = '[]', uploaded_by = excluded.uploaded_by, updated_at = excluded.updated_at`.execute(db);
}

/** The last byte arrived: the lecture waits for its processing job (once: a repeated last PATCH finds it processing). */
export async function uploadFinished(db: Db, uploadid: string): Promise<MediaRow | undefined> {
  return one(
    db,
    sql<MediaRow>`update lecture_media set state = 'processing', progress = 0, updated_at = ${kst()}
      where upload_id = ${uploadid} and state = 'uploading' returning ${COLUMNS}`,
  );
}

/** The lecture's video, when it is 실패; 409 otherwise (nothing to try again, whatever this server can do). */
export async function failedMedia(db: Db, videoid: number): Promise<MediaRow> {
  const row = await mediaOfLecture(db, videoid);
  return row?.state === 'failed' ? row : fail(409, NOT_FAILED);
}

/** 다시 시도: a failed lecture is processed again from its kept upload. */
export async function retryProcessing(db: Db, videoid: number): Promise<MediaRow> {
  const row = await one(
    db,
    sql<MediaRow>`update lecture_media set state = 'processing', progress = 0, error = null, updated_at = ${kst()}
      where videoid = ${videoid} and state = 'failed' returning ${COLUMNS}`,
  );
  return row ?? fail(409, NOT_FAILED);
}

export const toLectureMedia = (videoid: number, row: MediaRow | undefined, uploadedBytes: number): LectureMedia =>
  row
    ? {
        videoid,
        state: row.state,
        progress: row.state === 'ready' ? 100 : row.progress,
        error: row.error,
        renditions: JSON.parse(row.renditions) as string[],
        durationsec: row.duration_sec,
        uploadid: row.upload_id,
        uploadoffset: row.state === 'uploading' ? uploadedBytes : row.upload_length,
        uploadlength: row.upload_length,
        updatedat: isoOrNull(row.updated_at),
      }
    : { videoid, state: 'none', progress: 0, error: null, renditions: [], durationsec: 0, uploadid: null, uploadoffset: 0, uploadlength: 0, updatedat: null };

/** The job's progress and outcome, written only while the row still names this upload (a newer upload wins). */
export async function recordProgress(db: Db, job: TranscodeJob, progress: number): Promise<void> {
  await sql`update lecture_media set progress = ${progress}, updated_at = ${kst()}
    where videoid = ${job.videoid} and upload_id = ${job.uploadid} and state = 'processing'`.execute(db);
}

export async function recordProcessing(db: Db, job: TranscodeJob): Promise<boolean> {
  const r = await sql`update lecture_media set state = 'processing', progress = 0, error = null, updated_at = ${kst()}
    where videoid = ${job.videoid} and upload_id = ${job.uploadid} and state in ('processing', 'failed')`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** 실패, after the job's last try (the tries before it are retried while the lecture stays 변환 중). */
export async function recordFailure(db: Db, job: TranscodeJob, korean: string): Promise<void> {
  await sql`update lecture_media set state = 'failed', error = ${korean}, updated_at = ${kst()}
    where videoid = ${job.videoid} and upload_id = ${job.uploadid} and state = 'processing'`.execute(db);
}

/** 게시 가능: the lecture plays its ladder from now on (the member's player asks for `videos.path`). */
/** In `tx`: the job's own transaction, which completes it (server/jobs/queue.ts). */
export async function recordReady(tx: Db, job: TranscodeJob, done: { path: string; durationSec: number; renditions: string[] }): Promise<boolean> {
  const r = await sql`update lecture_media set state = 'ready', progress = 100, error = null, renditions = ${JSON.stringify(done.renditions)},
      duration_sec = ${done.durationSec}, updated_at = ${kst()}
    where videoid = ${job.videoid} and upload_id = ${job.uploadid}`.execute(tx);
  if (!Number(r.numAffectedRows ?? 0)) return false;
  await sql`update videos set path = ${done.path}, duration_sec = ${done.durationSec} where videoid = ${job.videoid}`.execute(tx);
  return true;
}
