import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';

/** A classroom screen that could not load: the server's Korean message and a retry, in the page's own frame. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <section className="route-error" role="alert">
      <span className="route-error__icon" aria-hidden="true">
        !
      </span>
      <h2 className="route-error__title">내용을 불러오지 못했습니다</h2>
      <p className="route-error__message">{isApiError(error) ? error.message : GENERIC_FAILURE_MESSAGE}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        다시 시도
      </button>
    </section>
  );
}
