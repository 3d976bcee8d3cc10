import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { quizMachine, type QuizLoad } from '../../../machines/quiz';
import { fetchQuizPass, fetchQuizRetake, fetchQuizTest, saveQuizDraft, submitQuiz } from '../../api/queries/quiz';
import { devInspector } from '../../auth/inspector';
import { isApiError } from '../../api/errors';

/** The machine wired to the quiz calls; the server decides availability, grading and retakes. */
const liveQuiz = quizMachine.provide({
  actors: {
    loadQuiz: fromPromise(
      async ({ input }: { input: { contentsid: number; useruid: string; isscoreid: number } }): Promise<QuizLoad> => {
        const pass = await fetchQuizPass(input.contentsid, input.useruid);
        if (pass.exists) return { passed: { isscoreid: pass.isscoreid, score: pass.score }, test: null };
        try {
          return { passed: null, test: await fetchQuizTest(input.contentsid, input.useruid, input.isscoreid) };
        } catch (e) {
          // A first look at a class without a quiz is answered 404 ('이 강의에는 퀴즈가 없습니다.'): nothing to take.
          if (!input.isscoreid && isApiError(e) && e.status === 404) return { passed: null, test: null };
          throw e;
        }
      },
    ),
    saveDraft: fromPromise(({ input }) => saveQuizDraft(input)),
    // 시작: the first draft save starts the attempt and its clock (no answers yet); the started test then has questions.
    startQuiz: fromPromise(async ({ input }) => {
      const started = await saveQuizDraft({ ...input, answers: [] });
      return fetchQuizTest(input.contentsid, input.useruid, started.isscoreid);
    }),
    submitAnswers: fromPromise(({ input }) => submitQuiz(input)),
    checkRetake: fromPromise(({ input }) => fetchQuizRetake(input.quizid, input.useruid)),
  },
});

type QuizActor = Actor<typeof liveQuiz>;

/** One quiz actor per lecture and member, started after mount (StrictMode-safe) and stopped on leave. */
export function useQuiz(contentsid: number, useruid: string) {
  const [actor, setActor] = useState<QuizActor | null>(null);
  useEffect(() => {
    let live = true;
    let started: QuizActor | undefined;
    void devInspector().then((inspect) => {
      if (!live) return;
      started = createActor(liveQuiz, { input: { contentsid, useruid }, inspect }).start();
      setActor(started);
    });
    return () => {
      live = false;
      started?.stop();
    };
  }, [contentsid, useruid]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const s = actor.subscribe(onChange);
      return () => s.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  return { snapshot, send: actor ? actor.send.bind(actor) : () => undefined };
}

/** Seconds left until the deadline, ticking each second; null without a time limit. */
export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}
