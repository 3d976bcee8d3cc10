import { and, assign, fromCallback, setup } from 'xstate';
import type { components } from '../src/api/schema.gen';
import { missingActor } from './missingActor';

type Schemas = components['schemas'];

/** The test as GetTest returns it. */
export type QuizTest = Schemas['Quiz'];
/** A scored attempt as Evaluate/Scoring returns it. */
export type QuizResult = Schemas['ScoringResult'];
export type RetakeInfo = Schemas['RetakeInfo'];

export interface QuizLoad {
  /** A recorded pass of this lecture (ExistsPassScoreid), or null. */
  passed: { isscoreid: number | null; score: number | null } | null;
  /** Null with `passed` null: the class has no quiz. */
  test: QuizTest | null;
}

export type QuizAnswer = Schemas['QuizAnswer'];

export interface QuizInput {
  contentsid: number;
  useruid: string;
  /** A saved draft to resume; 0 lets the server resume the open one. */
  isscoreid?: number;
}

/** Why the member cannot go on, for the screen to word; server failures carry the server's own message. */
export type QuizNotice = 'unanswered' | 'draftFailed' | null;

export interface QuizContext {
  contentsid: number;
  useruid: string;
  isscoreid: number;
  /** When this screen last saved the draft (null until the first save since loading or a retake). */
  savedAt: string | null;
  test: QuizTest | null;
  answers: Record<number, number>;
  /** Epoch ms when the time limit ends; null = no limit. */
  deadline: number | null;
  /** Answers changed while a draft save was in flight: save again when it lands. */
  dirty: boolean;
  submitRequested: boolean;
  result: QuizResult | null;
  passed: QuizLoad['passed'];
  retake: RetakeInfo | null;
  notice: QuizNotice;
  error: string | null;
}

export type QuizEvent =
  | { type: 'START' }
  | { type: 'ANSWER'; questionid: number; choice: number }
  | { type: 'SUBMIT' }
  | { type: 'TIME_UP' }
  | { type: 'RETAKE' }
  | { type: 'RETRY' };

type Submission = { quizid: number; contentsid: number; useruid: string; answers: QuizAnswer[] };
type Start = { quizid: number; contentsid: number; useruid: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const answerList = (answers: Record<number, number>): QuizAnswer[] =>
  Object.entries(answers).map(([questionid, choice]) => ({ questionid: Number(questionid), choice }));
const deadlineOf = (test: QuizTest, startedAt: string | null) =>
  test.timelimit ? (startedAt ? Date.parse(startedAt) : Date.now()) + test.timelimit * 60_000 : null;
/** The questions of a timed quiz open only with 시작 (the server sends them to a started attempt alone). */
const needsStart = (test: QuizTest) => test.timelimit !== null && !test.isdraft;
/** A test as the taking state holds it: its resumed answers, its draft and its deadline. */
const takingFrom = (test: QuizTest) => {
  const answers: Record<number, number> = {};
  for (const q of test.questions) if (q.answer !== null) answers[q.questionid] = q.answer;
  return {
    test,
    answers,
    isscoreid: test.isdraft ? test.isscoreid : 0,
    deadline: deadlineOf(test, test.isdraft ? test.startedat : null),
  };
};
const submission = (c: QuizContext): Submission => ({
  quizid: c.test!.quizid,
  contentsid: c.contentsid,
  useruid: c.useruid,
  answers: answerList(c.answers),
});

/** Sends TIME_UP at the deadline: the limit is enforced by the machine, not by the screen's clock. */
const countdown = fromCallback<QuizEvent, { deadline: number | null }>(({ input, sendBack }) => {
  if (input.deadline === null) return undefined;
  const id = setTimeout(() => sendBack({ type: 'TIME_UP' }), Math.max(0, input.deadline - Date.now()));
  return () => clearTimeout(id);
});

/**
 * One member taking a lecture's quiz: load (a pass, an unavailable test, a timed test waiting for 시작, or
 * questions with a resumed draft) → 시작 (a timed test: the first draft save starts the attempt and its clock)
 * → answering with every answer saved as a draft → submit (or time up) → passed, or failed → retake check →
 * ready or answering again. The server grades; the machine never sees a correct answer first, and a failed
 * result carries none.
 */
export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
    input: {} as QuizInput,
  },
  actors: {
    loadQuiz: missingActor<QuizLoad, { contentsid: number; useruid: string; isscoreid: number }>('loadQuiz'),
    saveDraft: missingActor<{ isscoreid: number; startedat: string; savedat: string }, Submission>('saveDraft'),
    startQuiz: missingActor<QuizTest, Start>('startQuiz'),
    submitAnswers: missingActor<QuizResult, Submission>('submitAnswers'),
    checkRetake: missingActor<RetakeInfo, { quizid: number; useruid: string }>('checkRetake'),
    countdown,
  },
  guards: {
    alreadyPassed: (_, load: QuizLoad) => load.passed !== null,
    /** The class has no quiz (GetTest 404 for a first look): a fact about the class, not a failure. */
    noQuiz: (_, load: QuizLoad) => load.passed === null && load.test === null,
    notAvailable: (_, load: QuizLoad) => !load.test?.available,
    needsStart: (_, load: QuizLoad) => needsStart(load.test!),
    noDraft: ({ context }) => context.isscoreid === 0,
    allAnswered: ({ context }) => context.test!.questions.every((q) => context.answers[q.questionid] !== undefined),
    dirty: ({ context }) => context.dirty,
    submitRequested: ({ context }) => context.submitRequested,
    passed: (_, result: QuizResult) => result.ispassed,
    canRetake: (_, retake: RetakeInfo) => retake.canretake,
    canRetakeTimed: ({ context }, retake: RetakeInfo) => retake.canretake && context.test!.timelimit !== null,
  },
  actions: {
    keepAnswer: assign({
      answers: ({ context, event }) =>
        event.type === 'ANSWER' ? { ...context.answers, [event.questionid]: event.choice } : context.answers,
      notice: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'quiz',
  context: ({ input }) => ({
    contentsid: input.contentsid,
    useruid: input.useruid,
    isscoreid: input.isscoreid ?? 0,
    savedAt: null,
    test: null,
    answers: {},
    deadline: null,
    dirty: false,
    submitRequested: false,
    result: null,
    passed: null,
    retake: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadQuiz',
        src: 'loadQuiz',
        input: ({ context }) => ({ contentsid: context.contentsid, useruid: context.useruid, isscoreid: context.isscoreid }),
        onDone: [
          {
            guard: { type: 'alreadyPassed', params: ({ event }) => event.output },
            target: 'alreadyPassed',
            actions: assign({ passed: ({ event }) => event.output.passed }),
          },
          { guard: { type: 'noQuiz', params: ({ event }) => event.output }, target: 'noQuiz' },
          {
            guard: { type: 'notAvailable', params: ({ event }) => event.output },
            target: 'unavailable',
            actions: assign({ test: ({ event }) => event.output.test }),
          },
          {
            guard: { type: 'needsStart', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ test: ({ event }) => event.output.test }),
          },
          { target: 'taking', actions: assign(({ event }) => takingFrom(event.output.test!)) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
      // 다시 시도 on a load still waiting past 5 s (issue 26): the load starts again; the late answer is dropped.
      on: { RETRY: { target: 'loading', reenter: true } },
    },
    // A timed test: its rules and the 시작 button; the clock has not started.
    ready: {
      on: { START: { target: 'starting', actions: assign({ error: null }) } },
    },
    starting: {
      invoke: {
        id: 'startQuiz',
        src: 'startQuiz',
        input: ({ context }) => ({ quizid: context.test!.quizid, contentsid: context.contentsid, useruid: context.useruid }),
        onDone: { target: 'taking', actions: assign(({ event }) => ({ ...takingFrom(event.output), savedAt: null })) },
        // The server's reason (the day's attempts used up, the class ended) stays on the ready screen.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    unavailable: {},
    noQuiz: {},
    alreadyPassed: {},
    taking: {
      invoke: { id: 'countdown', src: 'countdown', input: ({ context }) => ({ deadline: context.deadline }) },
      on: { TIME_UP: '#quiz.submitting' },
      initial: 'answering',
      states: {
        answering: {
          on: {
            ANSWER: { target: 'saving', actions: 'keepAnswer' },
            // An attempt is a saved draft: with none saved yet (every save failed), saving it comes first.
            SUBMIT: [
              { guard: and(['allAnswered', 'noDraft']), target: 'saving', actions: assign({ submitRequested: true }) },
              { guard: 'allAnswered', target: '#quiz.submitting' },
              { actions: assign({ notice: 'unanswered' }) },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context }) => submission(context),
            onDone: [
              {
                guard: 'submitRequested',
                target: '#quiz.submitting',
                actions: assign({
                  isscoreid: ({ event }) => event.output.isscoreid,
                  savedAt: ({ event }) => event.output.savedat,
                }),
              },
              {
                guard: 'dirty',
                target: 'saving',
                reenter: true,
                actions: assign({
                  isscoreid: ({ event }) => event.output.isscoreid,
                  savedAt: ({ event }) => event.output.savedat,
                  dirty: false,
                }),
              },
              {
                target: 'answering',
                actions: assign({
                  isscoreid: ({ event }) => event.output.isscoreid,
                  savedAt: ({ event }) => event.output.savedat,
                }),
              },
            ],
            // The answers stay in memory; only a reload would lose the unsaved ones.
            // A submit waiting on the failed save waits no more: the member sees the notice and submits again.
            onError: { target: 'answering', actions: assign({ notice: 'draftFailed', dirty: false, submitRequested: false }) },
          },
          on: {
            ANSWER: { actions: ['keepAnswer', assign({ dirty: true })] },
            // Submitting while a save is in flight would race it: submit once the save lands.
            SUBMIT: [
              { guard: 'allAnswered', actions: assign({ submitRequested: true }) },
              { actions: assign({ notice: 'unanswered' }) },
            ],
          },
        },
      },
    },
    submitting: {
      entry: assign({ submitRequested: false, dirty: false, notice: null }),
      invoke: {
        id: 'submitAnswers',
        src: 'submitAnswers',
        input: ({ context }) => submission(context),
        onDone: [
          {
            guard: { type: 'passed', params: ({ event }) => event.output },
            target: 'passed',
            actions: assign({ result: ({ event }) => event.output, isscoreid: 0 }),
          },
          {
            target: 'failed',
            actions: assign({
              result: ({ event }) => event.output,
              isscoreid: 0,
              // One of the day's attempts is spent: the screen counts it down without asking again.
              test: ({ context }) => ({ ...context.test!, attemptsleft: Math.max(0, context.test!.attemptsleft - 1) }),
            }),
          },
        ],
        // Not back to answering: past the deadline the countdown would resubmit at once, in a loop.
        onError: { target: 'submitFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    submitFailed: {
      on: { RETRY: { target: 'submitting', actions: assign({ error: null }) } },
    },
    passed: { type: 'final' },
    failed: {
      on: { RETAKE: { target: 'checkingRetake', actions: assign({ error: null }) } },
    },
    checkingRetake: {
      invoke: {
        id: 'checkRetake',
        src: 'checkRetake',
        input: ({ context }) => ({ quizid: context.test!.quizid, useruid: context.useruid }),
        onDone: [
          {
            guard: { type: 'canRetakeTimed', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign(({ event }) => ({ retake: event.output, answers: {}, savedAt: null, result: null, deadline: null })),
          },
          {
            guard: { type: 'canRetake', params: ({ event }) => event.output },
            target: 'taking',
            actions: assign(({ context, event }) => ({
              retake: event.output,
              answers: {},
              savedAt: null,
              result: null,
              deadline: deadlineOf(context.test!, null),
            })),
          },
          { target: 'retakeRefused', actions: assign({ retake: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    retakeRefused: {},
  },
});
