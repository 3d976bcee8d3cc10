import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { quizMachine } from '../../../machines/quiz';
import { CERTIFICATE_RULE, attemptLimitText, certificateDue } from '../../../rules/certificate';
import { WriteFields } from '../../components/viewAs/readOnly';

type Props = { snapshot: SnapshotFrom<typeof quizMachine>; onRetake: () => void; children: ReactNode };

const TEXT = {
  passed: '합격입니다! 수료증을 발급받을 수 있습니다.',
  passedWatchRest: (share: number) =>
    share >= 100 ? '합격입니다! 남은 영상을 모두 시청하면 수료증이 발급됩니다.' : `합격입니다! 영상을 ${share}% 이상 시청하면 수료증이 발급됩니다.`,
  failed: '아쉽지만 불합격입니다.',
  score: (score: number, pass: number) => `점수 ${score}점 (합격 기준 ${pass}점)`,
  count: (right: number, all: number) => `${all}문항 중 ${right}문항 정답`,
  noKey: '어느 문항이 틀렸는지는 알려드리지 않습니다. 강의를 다시 보고 도전해주세요.',
  attemptsLeft: (left: number) => `오늘 남은 응시 횟수 ${left}회 (하루 ${CERTIFICATE_RULE.attemptsPerDay}회)`,
  retake: '다시 응시하기',
  refusedPassed: '이미 합격한 퀴즈입니다.',
  refused: '지금은 다시 응시할 수 없습니다. 고객센터로 문의해주세요.',
};

/**
 * Passed (certificate links, or what is left to watch), failed (the score and how many were right, never which: the
 * server does not say) or retake refused (why, and when the quiz opens again).
 */
export function QuizResultView({ snapshot, onRetake, children }: Props) {
  const c = snapshot.context;
  const now = new Date();
  if (snapshot.matches('retakeRefused')) {
    const r = c.retake!;
    return (
      <div className="quiz__box" role="alert">
        <p>{r.ispassed ? TEXT.refusedPassed : r.maxattempt ? attemptLimitText(now) : TEXT.refused}</p>
      </div>
    );
  }
  const r = c.result!;
  const left = c.test!.attemptsleft;
  const certified = certificateDue(r.ispassed, c.test!.progress, { certificateProgress: c.test!.certificateprogress });
  return (
    <div className={r.ispassed ? 'quiz__box quiz__box--pass' : 'quiz__box quiz__box--fail'}>
      <p className="quiz__lead">{r.ispassed ? (certified ? TEXT.passed : TEXT.passedWatchRest(c.test!.certificateprogress)) : TEXT.failed}</p>
      <p className="quiz__score">{TEXT.score(r.score, r.passscore)}</p>
      <p>{TEXT.count(r.correctcnt, r.questioncnt)}</p>
      {!r.ispassed && <p>{TEXT.noKey}</p>}
      {c.error && (
        <p className="quiz__error" role="alert">
          {c.error}
        </p>
      )}
      {r.ispassed ? (
        certified && children
      ) : left > 0 ? (
        <>
          <p>{TEXT.attemptsLeft(left)}</p>
          <p className="quiz__actions">
            <WriteFields>
              <button type="button" className="btn btn--primary" onClick={onRetake}>
                {TEXT.retake}
              </button>
            </WriteFields>
          </p>
        </>
      ) : (
        <p role="status">{attemptLimitText(now)}</p>
      )}
    </div>
  );
}
