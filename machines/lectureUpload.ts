import { assign, fromCallback, setup } from 'xstate';
import { missingActor } from './missingActor';
import type { components } from '../src/api/schema.gen';

/** A lecture's media state as GetAdminLectureMedia answers it. */
export type LectureMedia = components['schemas']['AdminLectureMedia'];

/** tus-js-client's pauses before each new attempt after a network cut; then the upload stops with 다시 시도. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];
/** How often the media state is read while the server converts the video. */
export const POLL_MS = 1500;

export const UPLOAD_CUT_MESSAGE = '네트워크 연결이 끊겨 업로드를 멈췄습니다. 다시 시도하면 올라간 곳부터 이어 올립니다.';
export const UPLOAD_REFUSED_MESSAGE = '업로드를 처리하지 못했습니다. 잠시 후 다시 시도해주세요.';
export const PROCESSING_FAILED_MESSAGE = '영상을 처리하지 못했습니다. 다시 시도해주세요.';
export const RESUME_HINT = '올리다 멈춘 영상이 있습니다. 같은 파일을 다시 선택하면 멈춘 곳부터 이어 올립니다.';

/** What the upload effect reports while it runs (tus 1.0: creation, PATCHes, HEAD after a cut). */
export type UploadReport =
  | { type: 'UPLOAD.PROGRESS'; percent: number }
  | { type: 'UPLOAD.DONE' }
  /** `refused`: the server said no (its Korean message); otherwise the connection is gone after every retry. */
  | { type: 'UPLOAD.FAILED'; refused: boolean; message: string };

export type LectureUploadEvent =
  /** A file chosen in the lecture's file input; it resumes the upload the server holds when it is the same file. */
  | { type: 'PICK'; file: File }
  | { type: 'PAUSE' }
  | { type: 'CONTINUE' }
  | { type: 'RETRY' }
  | UploadReport;

export interface UploadInput {
  videoid: number;
  file: File;
  /** Look for this file's earlier upload (tus-js-client's stored URL by fingerprint) and continue it. */
  resume: boolean;
}

export interface LectureUploadContext {
  videoid: number;
  file: File | null;
  /** Upload percent while uploading, conversion percent while processing. */
  progress: number;
  /** The server's last answer about the lecture's media. */
  media: LectureMedia | null;
  /** A refusal or a cut, in Korean, shown until the next step. */
  message: string | null;
  /** The server holds an unfinished upload of this lecture (after a reload): 이어 올리기 with the same file. */
  resumable: { percent: number } | null;
}

const percentOf = (offset: number, length: number) => (length > 0 ? Math.min(100, Math.floor((offset / length) * 100)) : 0);
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The Korean line of a tus failure: the server's envelope (`respMessage`) when it answered one, else a fallback.
 * `refused` is an answer the server meant (4xx, or 503 without ffmpeg); no answer or another 5xx is a cut.
 */
export function uploadFailureOf(status: number | undefined, body: string | undefined): { refused: boolean; message: string } {
  if (status === undefined || (status >= 500 && status !== 503)) return { refused: false, message: UPLOAD_CUT_MESSAGE };
  try {
    const parsed = JSON.parse(body ?? '') as { respMessage?: unknown };
    if (typeof parsed.respMessage === 'string' && parsed.respMessage) return { refused: true, message: parsed.respMessage };
  } catch {
    // a body that is not the store's envelope: the fallback
  }
  return { refused: true, message: UPLOAD_REFUSED_MESSAGE };
}

/** tus-js-client asks again only when no answer came, or a 5xx other than 503, or 409/423 (it re-reads the offset). */
export function shouldRetryUpload(status: number | undefined): boolean {
  if (status === undefined) return true;
  if (status === 409 || status === 423) return true;
  return status >= 500 && status !== 503;
}

/** The top state's name (`processing` for `{ processing: 'waiting' }`). */
export function topStateOf(value: unknown): string {
  return typeof value === 'string' ? value : Object.keys(value as object)[0]!;
}

/** The panel's one status line: 업로드 중 n% → 변환 중 n% → 게시 가능 (720p · 480p · 360p), or 실패: the reason. */
export function mediaStatusText(state: string, context: Pick<LectureUploadContext, 'progress' | 'media' | 'message' | 'resumable'>): string {
  const { progress, media, message, resumable } = context;
  switch (state) {
    case 'loading':
      return '영상 상태를 불러오는 중';
    case 'uploading':
      return `업로드 중 ${progress}%`;
    case 'paused':
      return `일시정지 ${progress}%`;
    case 'interrupted':
      return `업로드 중단 ${progress}%`;
    case 'processing':
    case 'retrying':
      return `변환 중 ${progress}%`;
    case 'ready':
      return media?.renditions.length ? `게시 가능 (${media.renditions.join(' · ')})` : '게시 가능';
    case 'failed':
      return `실패: ${message ?? media?.error ?? PROCESSING_FAILED_MESSAGE}`;
    default:
      return resumable ? `업로드 중단 ${resumable.percent}%` : '영상 없음';
  }
}

/**
 * A lecture's video in the console (issue 38): idle → uploading (n %) ⇄ paused → processing (the media state read
 * every POLL_MS, n %) → ready (게시 가능) | failed (reason; 다시 시도 → processing). A refusal goes back to idle with the
 * server's message; a cut after tus-js-client's retries stops at `interrupted` (다시 시도 continues). A lecture whose
 * upload the server holds unfinished starts idle with `resumable`: the same file again continues it.
 * Every effect is injected: `readMedia`, `retryMedia` (promises) and `upload` (a callback actor reporting UploadReport).
 */
export const lectureUploadMachine = setup({
  types: {
    context: {} as LectureUploadContext,
    events: {} as LectureUploadEvent,
    input: {} as { videoid: number },
  },
  actors: {
    /** GetAdminLectureMedia. */
    readMedia: missingActor<LectureMedia, { videoid: number }>('readMedia'),
    /** RetryAdminLectureMedia. */
    retryMedia: missingActor<LectureMedia, { videoid: number }>('retryMedia'),
    /** The tus upload; stopping the actor (PAUSE, leaving) aborts its requests and keeps what the server holds. */
    upload: fromCallback<LectureUploadEvent, UploadInput>(() => {
      throw new Error("state machine: actor 'upload' was not provided");
    }),
  },
  actions: {
    /** The lecture has its video now: the page reads the class again (영상 없음 → its length). */
    mediaReady: () => {},
  },
  delays: { POLL: POLL_MS },
  guards: {
    resumeAsked: ({ context }) => context.resumable !== null,
  },
}).createMachine({
  id: 'lectureUpload',
  context: ({ input }) => ({ videoid: input.videoid, file: null, progress: 0, media: null, message: null, resumable: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'readMedia',
        src: 'readMedia',
        input: ({ context }) => ({ videoid: context.videoid }),
        onDone: [
          {
            guard: ({ event }) => event.output.state === 'processing',
            target: 'processing',
            actions: assign({ media: ({ event }) => event.output, progress: ({ event }) => event.output.progress }),
          },
          { guard: ({ event }) => event.output.state === 'ready', target: 'ready', actions: assign({ media: ({ event }) => event.output }) },
          { guard: ({ event }) => event.output.state === 'failed', target: 'failed', actions: assign({ media: ({ event }) => event.output }) },
          {
            target: 'idle',
            actions: assign({
              media: ({ event }) => event.output,
              resumable: ({ event }) =>
                event.output.state === 'uploading' && event.output.uploadid
                  ? { percent: percentOf(event.output.uploadoffset, event.output.uploadlength) }
                  : null,
            }),
          },
        ],
        onError: { target: 'idle', actions: assign({ message: ({ event }) => messageOf(event.error, UPLOAD_REFUSED_MESSAGE) }) },
      },
    },
    idle: {
      on: {
        PICK: [
          {
            guard: 'resumeAsked',
            target: 'uploading',
            actions: assign({ file: ({ event }) => event.file, progress: ({ context }) => context.resumable!.percent, message: null }),
          },
          { target: 'uploading', actions: assign({ file: ({ event }) => event.file, progress: 0, message: null }) },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        // After a reload, a pause or a cut the effect looks for the file's earlier upload; a new pick starts over.
        input: ({ context }) => ({ videoid: context.videoid, file: context.file!, resume: context.resumable !== null }),
      },
      on: {
        'UPLOAD.PROGRESS': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.floor(event.percent))) }) },
        'UPLOAD.DONE': { target: 'processing', actions: assign({ progress: 0, resumable: null }) },
        'UPLOAD.FAILED': [
          { guard: ({ event }) => event.refused, target: 'idle', actions: assign({ message: ({ event }) => event.message, resumable: null, file: null }) },
          { target: 'interrupted', actions: assign({ message: ({ event }) => event.message }) },
        ],
        PAUSE: 'paused',
      },
      // Whatever follows continues this file's upload, unless a new file is picked in idle.
      exit: assign({ resumable: ({ context }) => ({ percent: context.progress }) }),
    },
    paused: {
      on: {
        CONTINUE: 'uploading',
        PICK: { target: 'uploading', actions: assign({ file: ({ event }) => event.file, progress: 0, resumable: null }) },
      },
    },
    interrupted: {
      on: {
        RETRY: { target: 'uploading', actions: assign({ message: null }) },
        PICK: { target: 'uploading', actions: assign({ file: ({ event }) => event.file, progress: 0, resumable: null, message: null }) },
      },
    },
    processing: {
      initial: 'waiting',
      states: {
        waiting: { after: { POLL: 'reading' } },
        reading: {
          invoke: {
            id: 'pollMedia',
            src: 'readMedia',
            input: ({ context }) => ({ videoid: context.videoid }),
            onDone: [
              { guard: ({ event }) => event.output.state === 'ready', target: '#lectureUpload.ready', actions: assign({ media: ({ event }) => event.output, progress: 100 }) },
              {
                guard: ({ event }) => event.output.state === 'failed',
                target: '#lectureUpload.failed',
                actions: assign({ media: ({ event }) => event.output, message: null }),
              },
              { target: 'waiting', actions: assign({ media: ({ event }) => event.output, progress: ({ event }) => event.output.progress }) },
            ],
            // A read that failed is asked again at the next tick: the conversion goes on on the server.
            onError: 'waiting',
          },
        },
      },
    },
    ready: {
      entry: 'mediaReady',
      on: { PICK: { target: 'uploading', actions: assign({ file: ({ event }) => event.file, progress: 0, resumable: null, message: null }) } },
    },
    failed: {
      on: {
        RETRY: 'retrying',
        PICK: { target: 'uploading', actions: assign({ file: ({ event }) => event.file, progress: 0, resumable: null, message: null }) },
      },
    },
    retrying: {
      invoke: {
        id: 'retryMedia',
        src: 'retryMedia',
        input: ({ context }) => ({ videoid: context.videoid }),
        onDone: { target: 'processing', actions: assign({ media: ({ event }) => event.output, progress: ({ event }) => event.output.progress, message: null }) },
        onError: { target: 'failed', actions: assign({ message: ({ event }) => messageOf(event.error, PROCESSING_FAILED_MESSAGE) }) },
      },
    },
  },
});
