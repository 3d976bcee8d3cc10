import type { QuizTest } from '../../../machines/quiz';
import { CERTIFICATE_RULE } from '../../../rules/certificate';
import { WriteFields } from '../../components/viewAs/readOnly';

type Props = { test: QuizTest; error: string | null; starting: boolean; onStart: () => void };

const TEXT = {
  lead: '시작 버튼을 누르면 문항이 열리고, 그때부터 제한 시간이 흐릅니다.',
  limit: (minutes: number) => `제한 시간 ${minutes}분`,
  passLine: (score: number) => `${score}점 이상 합격`,
  attempts: (perDay: number, left: number) => `하루 ${perDay}회까지 응시 (오늘 남은 횟수 ${left}회, 한국 시간 0시 기준)`,
  start: '시작',
  starting: '퀴즈를 시작하는 중입니다.',
};

/** A timed quiz before 시작: its terms and the button that starts the attempt and its clock. */
export function QuizStart({ test, error, starting, onStart }: Props) {
  return (
    <div className="quiz__box">
      <p className="quiz__lead">{TEXT.lead}</p>
      <ul className="quiz__terms">
        {test.timelimit !== null && <li>{TEXT.limit(test.timelimit)}</li>}
        <li>{TEXT.passLine(test.passscore)}</li>
        <li>{TEXT.attempts(CERTIFICATE_RULE.attemptsPerDay, test.attemptsleft)}</li>
      </ul>
      {error && (
        <p className="quiz__error" role="alert">
          {error}
        </p>
      )}
      {starting && (
        <p className="quiz__note" role="status">
          {TEXT.starting}
        </p>
      )}
      <p className="quiz__actions">
        <WriteFields>
          <button type="button" className="btn btn--primary" onClick={onStart} disabled={starting}>
            {TEXT.start}
          </button>
        </WriteFields>
      </p>
    </div>
  );
}
