import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { SectionFailure } from './SectionFailure';

/** The router's default for a route that failed as a whole (its loader or code): the section message, retry reloads it. */
export function RouteFailure({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  return (
    <div className="page">
      <SectionFailure
        error={error}
        onRetry={() => {
          queries.reset();
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
