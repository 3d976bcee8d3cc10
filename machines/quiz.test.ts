import { describe, expect, it, vi } from 'vitest';
import { getShortestPaths, getStateNodes } from '@xstate/graph';
import { createActor, fromCallback, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { quizMachine, type QuizEvent, type QuizLoad, type QuizResult, type QuizTest, type RetakeInfo } from './quiz';
import { demoQuizTest } from './quizFixtures';

const test = demoQuizTest();
const questions = [
  { questionid: 1, text: '호흡법은?', choices: ['흉식', '복식'], answer: null },
  { questionid: 2, text: '통증이 생기면?', choices: ['계속', '중단'], answer: null },
];
/** The test once 시작 saved the first draft: its questions, its draft id and when it started. */
const startedTest = (startedat = '2026-11-23T20:00:00+09:00'): QuizTest => ({
  ...test,
  isdraft: true,
  isscoreid: 7,
  startedat,
  questions,
});
const untimed: QuizTest = { ...test, timelimit: null, questions };
const result = (ispassed: boolean): QuizResult => ({
  quizid: 31,
  score: ispassed ? 100 : 0,
  passscore: 60,
  ispassed,
  isscoreid: 9,
  correctcnt: ispassed ? 2 : 0,
  questioncnt: 2,
  results: [],
});
const retake = (canretake: boolean): RetakeInfo => ({
  canretake,
  attemptcnt: 1,
  maxattempt: canretake ? null : 1,
  lastscore: 0,
  ispassed: false,
});
const loads: Record<string, QuizLoad> = {
  passed: { passed: { isscoreid: 3, score: 80 }, test: null },
  unavailable: {
    passed: null,
    test: { ...test, available: false, reason: '진도율 50% 이상 수강하면 응시할 수 있습니다. (현재 0%)', questions: [] },
  },
  open: { passed: null, test },
  untimed: { passed: null, test: untimed },
  none: { passed: null, test: null },
};

type GraphEvent = QuizEvent | { type: string; output?: unknown; error?: unknown };
const done = (id: string, output: unknown): GraphEvent => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): GraphEvent => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} 실패`) });

const events: GraphEvent[] = [
  ...Object.values(loads).map((l) => done('loadQuiz', l)),
  failed('loadQuiz'),
  { type: 'START' },
  done('startQuiz', startedTest()),
  failed('startQuiz'),
  { type: 'ANSWER', questionid: 1, choice: 1 },
  { type: 'ANSWER', questionid: 2, choice: 1 },
  done('saveDraft', { isscoreid: 7, startedat: '2026-11-23T20:00:00+09:00', savedat: '2026-11-23T20:01:00+09:00' }),
  failed('saveDraft'),
  { type: 'SUBMIT' },
  { type: 'TIME_UP' },
  done('submitAnswers', result(true)),
  done('submitAnswers', result(false)),
  failed('submitAnswers'),
  { type: 'RETAKE' },
  done('checkRetake', retake(true)),
  done('checkRetake', retake(false)),
  failed('checkRetake'),
  { type: 'RETRY' },
];

type Submission = { quizid: number; contentsid: number; useruid: string; answers: { questionid: number; choice: number }[] };
type Snap = SnapshotFrom<typeof quizMachine>;
const valueOf = (s: Snap) => JSON.stringify(s.value);
// A state is its place plus the context the guards read (which answers, a save pending, a submit asked).
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.dirty, s.context.submitRequested, s.context.answers, s.context.notice, s.context.error]);

const shortest = getShortestPaths(quizMachine, {
  input: { contentsid: 101, useruid: 'u-demo-1' },
  events: events as QuizEvent[],
  serializeState,
});
/** Every edge of the graph: the shortest way to a state, then one event that changes it. */
const edges = shortest.flatMap((p) =>
  events
    .map((e) => ({ path: p, event: e, next: getNextSnapshot(quizMachine, p.state, e as QuizEvent) }))
    .filter((x) => serializeState(x.next) !== serializeState(x.path.state)),
);

/** A live actor whose effects wait until the path says how they end. */
function liveActor() {
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  // The machine's own actor types are kept; only the promise is left to the path.
  const effect = <T, I>(id: string) =>
    fromPromise<T, I>(
      () => new Promise<T>((resolve, reject) => (pending[id] = { resolve: resolve as (v: unknown) => void, reject })),
    );
  const machine = quizMachine.provide({
    actors: {
      loadQuiz: effect<QuizLoad, { contentsid: number; useruid: string; isscoreid: number }>('loadQuiz'),
      saveDraft: effect<{ isscoreid: number; startedat: string; savedat: string }, Submission>('saveDraft'),
      startQuiz: effect<QuizTest, { quizid: number; contentsid: number; useruid: string }>('startQuiz'),
      submitAnswers: effect<QuizResult, Submission>('submitAnswers'),
      checkRetake: effect<RetakeInfo, { quizid: number; useruid: string }>('checkRetake'),
      countdown: fromCallback(() => undefined),
    },
  });
  const actor = createActor(machine, { input: { contentsid: 101, useruid: 'u-demo-1' } }).start();
  return { actor, pending };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

async function replay(steps: { event: GraphEvent; value: unknown }[]) {
  const { actor, pending } = liveActor();
  for (const step of steps) {
    const e = step.event as { type: string; output?: unknown; error?: unknown };
    const id = e.type.split('.')[3]!;
    if (e.type.startsWith('xstate.done.actor.')) pending[id]!.resolve(e.output);
    else if (e.type.startsWith('xstate.error.actor.')) pending[id]!.reject(e.error);
    else actor.send(e as QuizEvent);
    await settle();
    expect(valueOf(actor.getSnapshot()), `after ${e.type}`).toBe(JSON.stringify(step.value));
  }
  actor.stop();
}
const label = (events: GraphEvent[]) =>
  events.map((e) => e.type.replace('xstate.', '') + ('questionid' in e ? `(${String(e.questionid)})` : '')).join(' → ');

describe('quiz machine: every transition of the graph, replayed on a live actor', () => {
  it('the graph reaches every state of the machine', () => {
    const reached = new Set(shortest.flatMap((p) => Object.keys(flatten(p.state.value))));
    const all = getStateNodes(quizMachine.root).map((n) => n.path.join('.'));
    expect(all.filter((n) => !reached.has(n))).toEqual([]);
  });

  it.each(edges.map((x) => [label([...x.path.steps.slice(1).map((s) => s.event as GraphEvent), x.event]), x] as const))(
    '%s',
    async (_, x) => {
      await replay([
        ...x.path.steps.slice(1).map((s) => ({ event: s.event as GraphEvent, value: s.state.value })),
        { event: x.event, value: x.next.value },
      ]);
    },
  );
});

function flatten(value: unknown, prefix = ''): Record<string, true> {
  if (typeof value === 'string') return { [prefix + value]: true, ...(prefix ? { [prefix.slice(0, -1)]: true } : {}) };
  const out: Record<string, true> = {};
  for (const [k, v] of Object.entries(value as object)) Object.assign(out, { [prefix + k]: true }, flatten(v, `${prefix}${k}.`));
  return out;
}

describe('quiz machine: what the member sees', () => {
  function start(load: QuizLoad, overrides: Partial<Parameters<typeof quizMachine.provide>[0]['actors']> = {}) {
    const saveDraft = vi.fn(async (input: { answers: unknown[] }) => ({
      isscoreid: 7,
      startedat: '2026-11-23T20:00:00+09:00',
      savedat: `2026-11-23T20:0${input.answers.length}:00+09:00`,
    }));
    const submitAnswers = vi.fn(async (_: { answers: unknown[] }) => result(true));
    const startQuiz = vi.fn(async (_: { quizid: number; contentsid: number; useruid: string }) =>
      startedTest(new Date().toISOString()),
    );
    const machine = quizMachine.provide({
      actors: {
        loadQuiz: fromPromise(async () => load),
        saveDraft: fromPromise(({ input }) => saveDraft(input)),
        startQuiz: fromPromise(({ input }) => startQuiz(input)),
        submitAnswers: fromPromise(({ input }) => submitAnswers(input)),
        checkRetake: fromPromise(async () => retake(true)),
        ...overrides,
      },
    });
    const actor = createActor(machine, { input: { contentsid: 101, useruid: 'u-demo-1' } }).start();
    return { actor, saveDraft, submitAnswers, startQuiz };
  }

  it('resumes a saved draft: its answers and the time left since it started', async () => {
    const startedat = new Date(Date.now() - 5 * 60_000).toISOString();
    const draft = {
      ...test,
      isdraft: true,
      isscoreid: 7,
      startedat,
      questions: questions.map((q, i) => ({ ...q, answer: i === 0 ? 1 : null })),
    };
    const { actor } = start({ passed: null, test: draft });
    await settle();
    const c = actor.getSnapshot().context;
    expect(c.answers).toEqual({ 1: 1 });
    expect(c.isscoreid).toBe(7);
    expect(c.deadline).toBe(Date.parse(startedat) + 20 * 60_000);
  });

  it('a timed test waits for 시작: no question and no clock before it, then the clock runs from the server’s start', async () => {
    const { actor, startQuiz } = start(loads.open!);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.deadline).toBeNull();
    actor.send({ type: 'ANSWER', questionid: 1, choice: 1 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'START' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    expect(startQuiz).toHaveBeenCalledWith({ quizid: 101, contentsid: 101, useruid: 'u-demo-1' });
    const c = actor.getSnapshot().context;
    expect([c.isscoreid, c.test!.questions.length, c.answers]).toEqual([7, 2, {}]);
    expect(c.deadline).toBe(Date.parse(c.test!.startedat!) + 20 * 60_000);
  });

  it('a refused 시작 stays on the start screen with the server’s reason', async () => {
    const reason = '오늘 응시할 수 있는 3회를 모두 사용했습니다. 11월 26일 0시(한국 시간)부터 다시 응시할 수 있습니다.';
    const { actor } = start(loads.open!, {
      startQuiz: fromPromise(async (): Promise<QuizTest> => {
        throw new Error(reason);
      }),
    });
    await settle();
    actor.send({ type: 'START' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(reason));
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('an untimed test opens at once; with no draft saved yet, the submit saves one first (an attempt is a draft)', async () => {
    let saves = 0;
    const { actor, submitAnswers } = start(loads.untimed!, {
      saveDraft: fromPromise(async () => {
        if (saves++ === 0) throw new Error('network');
        return { isscoreid: 9, startedat: '2026-11-23T20:00:00+09:00', savedat: '2026-11-23T20:01:00+09:00' };
      }),
    });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ taking: 'answering' });
    actor.send({ type: 'ANSWER', questionid: 1, choice: 1 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('draftFailed'));
    actor.send({ type: 'ANSWER', questionid: 2, choice: 0 });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    expect(saves).toBe(2);
    // The second save worked: the submit goes straight out. Had it failed too, SUBMIT would save first.
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('passed'));
    expect(submitAnswers).toHaveBeenCalledTimes(1);
  });

  it('with every draft save failed, SUBMIT saves the attempt before submitting it', async () => {
    let saves = 0;
    const { actor, submitAnswers } = start(loads.untimed!, {
      saveDraft: fromPromise(async () => {
        saves++;
        if (saves <= 2) throw new Error('network');
        return { isscoreid: 9, startedat: '2026-11-23T20:00:00+09:00', savedat: '2026-11-23T20:01:00+09:00' };
      }),
    });
    await settle();
    actor.send({ type: 'ANSWER', questionid: 1, choice: 1 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('draftFailed'));
    actor.send({ type: 'ANSWER', questionid: 2, choice: 0 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe('draftFailed'));
    expect(actor.getSnapshot().context.isscoreid).toBe(0);
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('passed'));
    expect([saves, submitAnswers.mock.calls.length]).toEqual([3, 1]);
  });

  it('saves answers as a draft, submits only with all answered, and a submit during a save waits for it', async () => {
    const { actor, saveDraft, submitAnswers } = start(loads.open!);
    await settle();
    actor.send({ type: 'START' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.notice).toBe('unanswered');
    actor.send({ type: 'ANSWER', questionid: 1, choice: 1 });
    actor.send({ type: 'ANSWER', questionid: 2, choice: 0 });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('passed'));
    // The second answer came during the first save; the submit that followed carries it, no second draft.
    expect(saveDraft.mock.calls.map((c) => c[0].answers.length)).toEqual([1]);
    expect(submitAnswers).toHaveBeenCalledWith({
      quizid: 101,
      contentsid: 101,
      useruid: 'u-demo-1',
      answers: [
        { questionid: 1, choice: 1 },
        { questionid: 2, choice: 0 },
      ],
    });
  });

  it('submits by itself when the time limit ends, with the answers given so far', async () => {
    vi.useFakeTimers();
    try {
      const { actor, submitAnswers } = start(loads.open!);
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'START' });
      await vi.advanceTimersByTimeAsync(0);
      // Time before 시작 does not count: the clock starts with it.
      actor.send({ type: 'ANSWER', questionid: 1, choice: 1 });
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(submitAnswers).toHaveBeenCalledWith(expect.objectContaining({ answers: [{ questionid: 1, choice: 1 }] }));
      expect(actor.getSnapshot().value).toBe('passed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed attempt spends one of the day’s attempts and offers a retake that starts clean with a new 시작', async () => {
    const { actor, startQuiz } = start(loads.open!, { submitAnswers: fromPromise(async () => result(false)) });
    await settle();
    actor.send({ type: 'START' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    actor.send({ type: 'ANSWER', questionid: 1, choice: 0 });
    actor.send({ type: 'ANSWER', questionid: 2, choice: 0 });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.result?.score).toBe(0);
    expect(actor.getSnapshot().context.test!.attemptsleft).toBe(2);
    actor.send({ type: 'RETAKE' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.answers).toEqual({});
    expect(actor.getSnapshot().context.deadline).toBeNull();
    actor.send({ type: 'START' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    expect(startQuiz).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.deadline).toBeGreaterThan(Date.now() + 19 * 60_000);
  });

  it('an untimed test retakes straight into the questions', async () => {
    const { actor } = start(loads.untimed!, { submitAnswers: fromPromise(async () => result(false)) });
    await settle();
    actor.send({ type: 'ANSWER', questionid: 1, choice: 0 });
    actor.send({ type: 'ANSWER', questionid: 2, choice: 0 });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    actor.send({ type: 'RETAKE' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ taking: 'answering' }));
    expect(actor.getSnapshot().context.deadline).toBeNull();
  });
});

describe('a load still waiting (다시 시도 on the late notice)', () => {
  it('RETRY starts the load again; the first call answering late changes nothing', async () => {
    const { actor, pending } = liveActor();
    const first = pending.loadQuiz!;
    actor.send({ type: 'RETRY' });
    await settle();
    const second = pending.loadQuiz!;
    expect(second).not.toBe(first);
    first.resolve(loads.passed);
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    second.resolve(loads.open);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.stop();
  });
});

describe('a class without a quiz', () => {
  it('is a state of its own, not a failed load: no error, no retry', async () => {
    const { actor, pending } = liveActor();
    pending.loadQuiz!.resolve(loads.none);
    await settle();
    expect(actor.getSnapshot().value).toBe('noQuiz');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
