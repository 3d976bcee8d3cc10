import { describe, expect, it } from 'vitest';
import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { SimulatedClock, createActor, fromCallback, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import {
  POLL_MS,
  PROCESSING_FAILED_MESSAGE,
  UPLOAD_CUT_MESSAGE,
  UPLOAD_REFUSED_MESSAGE,
  UPLOAD_RETRY_DELAYS,
  lectureUploadMachine,
  mediaStatusText,
  shouldRetryUpload,
  topStateOf,
  uploadFailureOf,
  type LectureMedia,
  type LectureUploadEvent,
  type UploadInput,
} from './lectureUpload';

const VIDEOID = 900111;
const media = (over: Partial<LectureMedia> = {}): LectureMedia => ({
  videoid: VIDEOID,
  state: 'none',
  progress: 0,
  error: null,
  renditions: [],
  durationsec: 0,
  uploadid: null,
  uploadoffset: 0,
  uploadlength: 0,
  updatedat: null,
  ...over,
});
const none = media();
const halfUploaded = media({ state: 'uploading', uploadid: 'up-1', uploadoffset: 500, uploadlength: 1000 });
const converting = (progress: number) => media({ state: 'processing', progress, uploadid: 'up-1', uploadoffset: 1000, uploadlength: 1000 });
const ready = media({ state: 'ready', progress: 100, renditions: ['720p', '480p', '360p'], durationsec: 4 });
const failed = media({ state: 'failed', error: '영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.' });
const file = new File([new Uint8Array(1000)], 'lecture.mp4', { type: 'video/mp4' });
const REFUSED = '영상 파일만 올릴 수 있습니다. (MP4, MOV, WebM, MKV, AVI, TS)';
const POLL_EVENT = 'xstate.after.POLL.lectureUpload.processing.waiting';

type GraphEvent = LectureUploadEvent | { type: string; output?: unknown; error?: unknown };
const done = (id: string, output: unknown): GraphEvent => ({ type: `xstate.done.actor.${id}`, output });
const failedCall = (id: string, message = '서버에 연결할 수 없습니다.'): GraphEvent => ({ type: `xstate.error.actor.${id}`, error: new Error(message) });

/** Every answer an effect can give, every event the operator or the upload sends, and the poll's tick. */
const events: GraphEvent[] = [
  ...[none, halfUploaded, converting(10), ready, failed].map((m) => done('readMedia', m)),
  failedCall('readMedia'),
  { type: 'PICK', file },
  { type: 'PAUSE' },
  { type: 'CONTINUE' },
  { type: 'RETRY' },
  { type: 'UPLOAD.PROGRESS', percent: 42.7 },
  { type: 'UPLOAD.DONE' },
  { type: 'UPLOAD.FAILED', refused: true, message: REFUSED },
  { type: 'UPLOAD.FAILED', refused: false, message: UPLOAD_CUT_MESSAGE },
  { type: POLL_EVENT },
  ...[converting(60), ready, failed].map((m) => done('pollMedia', m)),
  failedCall('pollMedia'),
  done('retryMedia', converting(0)),
  failedCall('retryMedia', '실패한 영상만 다시 시도할 수 있습니다.'),
];

type Snap = SnapshotFrom<typeof lectureUploadMachine>;
// A state is its place plus what the screen shows of it: the percent, a message, the resume offer.
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.progress, s.context.message, s.context.resumable, s.context.file !== null]);

const shortest = getShortestPaths(lectureUploadMachine, {
  input: { videoid: VIDEOID },
  events: events as LectureUploadEvent[],
  serializeState: (s) => serializeState(s as Snap),
});
/** Every edge of the graph: the shortest way to a state, then one event that changes it. */
const edges = shortest.flatMap((p) =>
  events
    .map((e) => ({ path: p, event: e, next: getNextSnapshot(lectureUploadMachine, p.state, e as LectureUploadEvent) }))
    .filter((x) => serializeState(x.next) !== serializeState(x.path.state as Snap)),
);

const settle = () => new Promise((r) => setTimeout(r, 0));

async function send(live: ReturnType<typeof liveWith>, event: GraphEvent) {
  const e = event as { type: string; output?: unknown; error?: unknown };
  const id = e.type.split('.')[3]!;
  if (e.type === POLL_EVENT) live.clock.increment(POLL_MS);
  else if (e.type.startsWith('xstate.done.actor.')) live.pending[id]!.resolve(e.output);
  else if (e.type.startsWith('xstate.error.actor.')) live.pending[id]!.reject(e.error);
  else live.actor.send(e as LectureUploadEvent);
  await settle();
}

const label = (evs: GraphEvent[]) =>
  evs
    .map((e) => {
      const out = (e as { output?: LectureMedia }).output;
      return e.type.replace('xstate.', '').replace(/^after\.POLL\..*/, 'POLL') + (out?.state ? `(${out.state})` : '') + ('refused' in e ? `(${e.refused ? 'refused' : 'cut'})` : '');
    })
    .join(' → ');

describe('lecture upload machine: every transition of the graph, replayed on a live actor', () => {
  it('the graph reaches every state of the machine', () => {
    const reached = new Set(shortest.flatMap((p) => Object.keys(flatten(p.state.value))));
    const all = getStateNodes(lectureUploadMachine.root).map((n) => n.path.join('.'));
    expect(all.filter((n) => !reached.has(n))).toEqual([]);
  });

  it.each(edges.map((x) => [label([...x.path.steps.slice(1).map((s) => s.event as GraphEvent), x.event]), x] as const))('%s', async (_, x) => {
    const live = liveWith();
    for (const step of [...x.path.steps.slice(1).map((s) => ({ event: s.event as GraphEvent, state: s.state as Snap })), { event: x.event, state: x.next }]) {
      await send(live, step.event);
      expect(serializeState(live.actor.getSnapshot()), `after ${step.event.type}`).toBe(serializeState(step.state));
    }
    live.actor.stop();
  });
});

function flatten(value: unknown, prefix = ''): Record<string, true> {
  if (typeof value === 'string') return { [prefix + value]: true, ...(prefix ? { [prefix.slice(0, -1)]: true } : {}) };
  const out: Record<string, true> = {};
  for (const [k, v] of Object.entries(value as object)) Object.assign(out, { [prefix + k]: true }, flatten(v, `${prefix}${k}.`));
  return out;
}

const status = (live: ReturnType<typeof liveWith>) => {
  const s = live.actor.getSnapshot();
  return mediaStatusText(topStateOf(s.value), s.context);
};

describe('lecture upload machine: journeys', () => {
  it('upload n% ⇄ paused, then 변환 n% read every 1.5 s, then 게시 가능 with the ladder', async () => {
    let readies = 0;
    const l = liveWith({ mediaReady: () => void readies++ });
    await send(l, done('readMedia', none));
    expect(status(l)).toBe('영상 없음');
    await send(l, { type: 'PICK', file });
    expect(l.uploads[0]!.input).toEqual({ videoid: VIDEOID, file, resume: false });
    await send(l, { type: 'UPLOAD.PROGRESS', percent: 37.9 });
    expect(status(l)).toBe('업로드 중 37%');
    await send(l, { type: 'PAUSE' });
    expect(l.uploads[0]!.stopped).toBe(true);
    expect(status(l)).toBe('일시정지 37%');
    await send(l, { type: 'CONTINUE' });
    // 계속 continues the same file's upload where the server holds it.
    expect(l.uploads[1]!.input.resume).toBe(true);
    expect(status(l)).toBe('업로드 중 37%');
    await send(l, { type: 'UPLOAD.PROGRESS', percent: 100 });
    await send(l, { type: 'UPLOAD.DONE' });
    expect(status(l)).toBe('변환 중 0%');
    expect(l.pending.pollMedia).toBeUndefined();
    l.clock.increment(POLL_MS - 1);
    await settle();
    expect(l.pending.pollMedia).toBeUndefined();
    await send(l, { type: POLL_EVENT });
    await send(l, done('pollMedia', converting(55)));
    expect(status(l)).toBe('변환 중 55%');
    await send(l, { type: POLL_EVENT });
    await send(l, done('pollMedia', ready));
    expect(status(l)).toBe('게시 가능 (720p · 480p · 360p)');
    expect(readies).toBe(1);
  });

  it('a refusal goes back to idle with the server’s Korean message; a new pick starts over', async () => {
    const l = liveWith();
    await send(l, done('readMedia', none));
    await send(l, { type: 'PICK', file });
    await send(l, { type: 'UPLOAD.FAILED', refused: true, message: REFUSED });
    expect(topStateOf(l.actor.getSnapshot().value)).toBe('idle');
    expect(l.actor.getSnapshot().context.message).toBe(REFUSED);
    await send(l, { type: 'PICK', file });
    expect(l.uploads[1]!.input.resume).toBe(false);
    expect(l.actor.getSnapshot().context.message).toBeNull();
  });

  it('a cut after tus-js-client’s retries stops with 다시 시도, which continues the upload', async () => {
    expect(UPLOAD_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000, 10000]);
    const l = liveWith();
    await send(l, done('readMedia', none));
    await send(l, { type: 'PICK', file });
    await send(l, { type: 'UPLOAD.PROGRESS', percent: 60 });
    await send(l, { type: 'UPLOAD.FAILED', refused: false, message: UPLOAD_CUT_MESSAGE });
    expect(status(l)).toBe('업로드 중단 60%');
    expect(l.actor.getSnapshot().context.message).toBe(UPLOAD_CUT_MESSAGE);
    await send(l, { type: 'RETRY' });
    expect(l.uploads[1]!.input).toMatchObject({ resume: true, file });
    expect(status(l)).toBe('업로드 중 60%');
  });

  it('after a reload: an unfinished upload on the server offers 이어 올리기 with the same file', async () => {
    const l = liveWith();
    await send(l, done('readMedia', halfUploaded));
    expect(l.actor.getSnapshot().context.resumable).toEqual({ percent: 50 });
    expect(status(l)).toBe('업로드 중단 50%');
    await send(l, { type: 'PICK', file });
    expect(l.uploads[0]!.input.resume).toBe(true);
    expect(status(l)).toBe('업로드 중 50%');
  });

  it('a reload while converting goes on polling; a failure says why, and 다시 시도 converts again', async () => {
    const l = liveWith();
    await send(l, done('readMedia', converting(30)));
    expect(status(l)).toBe('변환 중 30%');
    await send(l, { type: POLL_EVENT });
    await send(l, failedCall('pollMedia')); // a lost read: the next tick asks again
    await send(l, { type: POLL_EVENT });
    await send(l, done('pollMedia', failed));
    expect(status(l)).toBe('실패: 영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.');
    await send(l, { type: 'RETRY' });
    await send(l, failedCall('retryMedia', '실패한 영상만 다시 시도할 수 있습니다.'));
    expect(status(l)).toBe('실패: 실패한 영상만 다시 시도할 수 있습니다.');
    await send(l, { type: 'RETRY' });
    await send(l, done('retryMedia', converting(0)));
    expect(status(l)).toBe('변환 중 0%');
  });
});

/** A live actor on a simulated clock whose effects wait until the test says how they end. */
function liveWith(actions: { mediaReady?: () => void } = {}) {
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const uploads: Array<{ input: UploadInput; stopped: boolean }> = [];
  const effect = <I,>() =>
    fromPromise<LectureMedia, I>(
      ({ self }) => new Promise<LectureMedia>((resolve, reject) => (pending[self.id] = { resolve: resolve as (v: unknown) => void, reject })),
    );
  const machine = lectureUploadMachine.provide({
    actors: {
      readMedia: effect<{ videoid: number }>(),
      retryMedia: effect<{ videoid: number }>(),
      upload: fromCallback<LectureUploadEvent, UploadInput>(({ input }) => {
        const run = { input, stopped: false };
        uploads.push(run);
        return () => {
          run.stopped = true;
        };
      }),
    },
    actions: { mediaReady: actions.mediaReady ?? (() => undefined) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { videoid: VIDEOID }, clock }).start();
  return { actor, pending, uploads, clock };
}

describe('tus failures in Korean', () => {
  it('the server’s envelope is shown; no answer or a 5xx is a cut that tus-js-client retries', () => {
    expect(uploadFailureOf(415, JSON.stringify({ success: false, respMessage: REFUSED }))).toEqual({ refused: true, message: REFUSED });
    expect(uploadFailureOf(503, JSON.stringify({ success: false, respMessage: '영상 변환 도구가 없습니다.' }))).toEqual({ refused: true, message: '영상 변환 도구가 없습니다.' });
    expect(uploadFailureOf(403, 'Forbidden')).toEqual({ refused: true, message: UPLOAD_REFUSED_MESSAGE });
    expect(uploadFailureOf(undefined, undefined)).toEqual({ refused: false, message: UPLOAD_CUT_MESSAGE });
    expect(uploadFailureOf(502, '')).toEqual({ refused: false, message: UPLOAD_CUT_MESSAGE });
    expect([undefined, 409, 423, 500, 502].map(shouldRetryUpload)).toEqual([true, true, true, true, true]);
    expect([400, 403, 404, 413, 415, 503].map(shouldRetryUpload)).toEqual([false, false, false, false, false, false]);
    expect(mediaStatusText('failed', { progress: 0, media: null, message: null, resumable: null })).toBe(`실패: ${PROCESSING_FAILED_MESSAGE}`);
  });
});
