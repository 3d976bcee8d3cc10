import { Link } from '@tanstack/react-router';
import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';
import { LOAD_FAILED_TEXT, RETRY_LABEL } from '../../components/section/SectionFailure';

/**
 * The video area when what it needs (the video list, the class, the signed link) could not be read: the reason,
 * "다시 시도" where asking again can help (not for a refusal such as a class the member does not own), and the
 * way back to the classroom. The curriculum beside it stays.
 */
export function StageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const ownMessage = isApiError(error) && (error.kind === 'timeout' || error.kind === 'server');
  const refused = isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500;
  const reason = isApiError(error) ? error.message : GENERIC_FAILURE_MESSAGE;
  return (
    <div className="player-stage player-stage--message" role="alert">
      <p>{ownMessage || refused ? reason : LOAD_FAILED_TEXT}</p>
      {!ownMessage && !refused ? <p className="player-stage__reason">{reason}</p> : null}
      <div className="player-stage__actions">
        {refused ? null : (
          <button type="button" className="btn btn--dark" onClick={onRetry}>
            {RETRY_LABEL}
          </button>
        )}
        <Link to="/myclass" className="btn btn--primary">
          내 강의실로 가기
        </Link>
      </div>
    </div>
  );
}
