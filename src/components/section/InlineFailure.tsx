import { isApiError } from '../../api/errors';
import { LOAD_FAILED_TEXT, RETRY_LABEL } from './SectionFailure';
import '../ui/ui.css';
import './inlineFailure.css';

/**
 * A small failure in one spot of a screen that otherwise works (a resume point, a menu, a list inside a form):
 * one line saying what is missing and why, with "다시 시도", where the data would have been. A time-out and a
 * `success: false` give their own message; any other failure says the information could not be loaded.
 */
export function InlineFailure({ lead, error, onRetry }: { lead?: string; error: unknown; onRetry: () => void }) {
  const ownMessage = isApiError(error) && (error.kind === 'timeout' || error.kind === 'server');
  return (
    <div className="inline-failure" role="alert">
      <p className="inline-failure__text">
        {lead ? <strong>{lead} </strong> : null}
        {ownMessage ? error.message : LOAD_FAILED_TEXT}
      </p>
      <button type="button" className="btn btn--sm" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
    </div>
  );
}
