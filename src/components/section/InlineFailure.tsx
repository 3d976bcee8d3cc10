import { isApiError } from '../../api/errors';
import { LOAD_FAILED_TEXT, RETRY_LABEL } from './SectionFailure';
import '../ui/ui.css';

/**
 * A small failure in one spot of a screen that otherwise works (a resume point, a menu, a list inside a form):
 * one line naming what is missing (`subject`, a noun: "카테고리") and why, with "다시 시도", where the data would
 * have been: "카테고리 정보를 불러오지 못했습니다."; a time-out and a `success: false` give their own message after it.
 */
export function InlineFailure({ subject, error, onRetry }: { subject: string; error: unknown; onRetry: () => void }) {
  const ownMessage = isApiError(error) && (error.kind === 'timeout' || error.kind === 'server');
  return (
    <div className="inline-failure" role="alert">
      <p className="inline-failure__text">
        <strong>{subject}</strong>
        {ownMessage ? `: ${error.message}` : ` ${LOAD_FAILED_TEXT}`}
      </p>
      <button type="button" className="btn btn--sm" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
    </div>
  );
}
