import type { SnapshotFrom } from 'xstate';
import type { quizMachine, QuizEvent } from '../../../machines/quiz';
import { useSecondsLeft } from './useQuiz';
import { CERTIFICATE_RULE } from '../../../rules/certificate';
import { WriteFields } from '../../components/viewAs/readOnly';

type Props = { snapshot: SnapshotFrom<typeof quizMachine>; send: (e: QuizEvent) => void };

const TEXT = {
  passLine: (score: number) => `${score}점 이상 합격 · 하루 ${CERTIFICATE_RULE.attemptsPerDay}회까지 응시`,
  timeLeft: '남은 시간',
  noLimit: '제한 시간 없음',
  resumed: '이어서 풀기: 저장된 답안을 불러왔습니다.',
  saving: '답안을 임시 저장하는 중…',
  saved: '답안이 임시 저장되었습니다.',
  unanswered: (n: number) => `모든 문항에 답해주세요. (${n}문항 남음)`,
  draftFailed: '임시 저장에 실패했습니다. 답안은 화면에 남아 있으니 계속 진행해주세요.',
  submit: '제출하기',
  question: (n: number) => `${n}번 문항`,
};

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** All questions on one page as radio groups; every answer is saved as a draft by the machine. */
export function QuizQuestions({ snapshot, send }: Props) {
  const c = snapshot.context;
  const test = c.test!;
  const left = useSecondsLeft(c.deadline);
  const saving = snapshot.matches({ taking: 'saving' });
  const missing = test.questions.filter((q) => c.answers[q.questionid] === undefined).length;
  const status =
    c.notice === 'draftFailed'
      ? TEXT.draftFailed
      : saving
        ? TEXT.saving
        : c.savedAt
          ? TEXT.saved
          : // Only saved answers make a resume: right after 시작 the started draft has none.
            test.isdraft && test.questions.some((q) => q.answer !== null)
            ? TEXT.resumed
            : '';
  return (
    <form
      className="quiz__form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <WriteFields>
        <div className="quiz__bar">
          <span>{TEXT.passLine(test.passscore)}</span>
          <span
            className={left !== null && left < 60 ? 'quiz__timer quiz__timer--low' : 'quiz__timer'}
            role="timer"
            aria-label={TEXT.timeLeft}
          >
            {left === null ? TEXT.noLimit : `${TEXT.timeLeft} ${clock(left)}`}
          </span>
        </div>
        {c.error && (
          <p className="quiz__error" role="alert">
            {c.error}
          </p>
        )}
        <ol className="quiz__questions">
          {test.questions.map((q, i) => (
            <li key={q.questionid}>
              <fieldset className="quiz__question">
                <legend>
                  <span className="quiz__qno">{TEXT.question(i + 1)}</span> {q.text}
                </legend>
                {q.choices.map((choice, k) => (
                  <label key={k} className="quiz__choice">
                    <input
                      type="radio"
                      name={`q-${q.questionid}`}
                      value={k}
                      checked={c.answers[q.questionid] === k}
                      onChange={() => send({ type: 'ANSWER', questionid: q.questionid, choice: k })}
                    />
                    <span>{choice}</span>
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ol>
        <p className="quiz__status" role="status" aria-live="polite">
          {status}
        </p>
        {c.notice === 'unanswered' && (
          <p className="quiz__error" role="alert">
            {TEXT.unanswered(missing)}
          </p>
        )}
        <button type="submit" className="btn btn--primary quiz__submit">
          {TEXT.submit}
        </button>
      </WriteFields>
    </form>
  );
}
