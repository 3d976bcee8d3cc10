// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { lazy } from 'react';
import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';
import type { NotFoundText } from './NotFoundCard';
import '../ui/ui.css';

export const LOAD_FAILED_TEXT = '정보를 불러오지 못했습니다.';
export const RETRY_LABEL = '다시 시도';

// A missing record is rare on first paint (and the network is up when it happens): its card loads on demand.
const NotFoundCard = lazy(() => import('./NotFoundCard').then((m) => ({ default: m.NotFoundCard })));

/**
 * One section that could not load, in its own box. A 404 is a missing record: a card with a way back and no
 * retry (default "없는 페이지입니다.", home). A time-out and a `success: false` show their own message; any other
 * failure says the information could not be loaded, with the reason underneath.
 */
export function SectionFailure({
  error,
  onRetry,
  notFound,
}: {
  error: unknown;
  onRetry: () => void;
  notFound?: NotFoundText | undefined;
}) {
  if (isApiError(error) && error.status === 404) return <NotFoundCard {...notFound} />;
  const ownMessage = isApiError(error) && (error.kind === 'timeout' || error.kind === 'server');
  const reason = isApiError(error) ? error.message : GENERIC_FAILURE_MESSAGE;
  return (
    <div className="section-failure" role="alert">
      <p className="section-failure__title">{ownMessage ? reason : LOAD_FAILED_TEXT}</p>
      {!ownMessage && <p className="section-failure__reason">{reason}</p>}
      <button type="button" className="btn btn--sm btn--dark" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
    </div>
  );
}
