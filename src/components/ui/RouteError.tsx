import './ui.css';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { GENERIC_FAILURE_MESSAGE, isApiError } from '../../api/errors';

/** Route errorComponent: the ApiError's Korean message and a retry button, never a white screen. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const message = isApiError(error) ? error.message : GENERIC_FAILURE_MESSAGE;
  const retry = () => {
    queryReset.reset();
    reset();
    void router.invalidate();
  };
  return (
    <section className="route-error" role="alert">
      <span className="route-error__icon" aria-hidden="true">!</span>
      <h2 className="route-error__title">페이지를 불러오지 못했습니다</h2>
      <p className="route-error__message">{message}</p>
      <button type="button" className="btn btn--primary" onClick={retry}>
        다시 시도
      </button>
    </section>
  );
}
