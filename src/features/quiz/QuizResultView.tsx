import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { quizMachine } from '../../../machines/quiz';

type Props = { snapshot: SnapshotFrom<typeof quizMachine>; onRetake: () => void; children: ReactNode };

const TEXT = {
  passed: '합격입니다! 수료증을 발급받을 수 있습니다.',
  failed: '아쉽지만 불합격입니다.',
  score: (score: number, pass: number) => `점수 ${score}점 (합격 기준 ${pass}점)`,
  count: (right: number, all: number) => `${all}문항 중 ${right}문항 정답`,
  wrong: (list: number[]) => `틀린 문항: ${list.join(', ')}번`,
  retake: '다시 응시하기',
  refusedPassed: '이미 합격한 퀴즈입니다.',
  refusedLimit: (max: number) => `응시 가능 횟수(${max}회)를 모두 사용했습니다.`,
  refused: '지금은 다시 응시할 수 없습니다. 고객센터로 문의해주세요.',
};

/** Passed (certificate links), failed (which questions were wrong, retake) or retake refused (why). */
export function QuizResultView({ snapshot, onRetake, children }: Props) {
  const c = snapshot.context;
  if (snapshot.matches('retakeRefused')) {
    const r = c.retake!;
    return (
      <div className="quiz__box" role="alert">
        <p>{r.ispassed ? TEXT.refusedPassed : r.maxattempt ? TEXT.refusedLimit(r.maxattempt) : TEXT.refused}</p>
      </div>
    );
  }
  const r = c.result!;
  const order = new Map(c.test!.questions.map((q, i) => [q.questionid, i + 1]));
  const wrong = r.results.filter((x) => !x.iscorrect).map((x) => order.get(x.questionid) ?? 0);
  return (
    <div className={r.ispassed ? 'quiz__box quiz__box--pass' : 'quiz__box quiz__box--fail'}>
      <p className="quiz__lead">{r.ispassed ? TEXT.passed : TEXT.failed}</p>
      <p className="quiz__score">{TEXT.score(r.score, r.passscore)}</p>
      <p>{TEXT.count(r.correctcnt, r.questioncnt)}</p>
      {!r.ispassed && wrong.length > 0 && <p>{TEXT.wrong(wrong)}</p>}
      {c.error && (
        <p className="quiz__error" role="alert">
          {c.error}
        </p>
      )}
      {r.ispassed ? (
        children
      ) : (
        <p className="quiz__actions">
          <button type="button" className="btn btn--primary" onClick={onRetake}>
            {TEXT.retake}
          </button>
        </p>
      )}
    </div>
  );
}
