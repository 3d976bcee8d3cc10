// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { PageSkeleton } from '../ui/Skeleton';
import { Pending } from './Pending';
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

/** The router's default while a route's code or data loads: a page-shaped skeleton, then "불러오는 중입니다…". */
export function RoutePending() {
  return (
    <div className="page">
      <Pending>
        <PageSkeleton />
      </Pending>
    </div>
  );
}
