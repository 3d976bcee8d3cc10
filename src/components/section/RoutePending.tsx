// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageSkeleton } from '../ui/Skeleton';
import { Pending } from './Pending';

/**
 * The router's default while a route's code or data loads: a page-shaped skeleton, then "불러오는 중입니다…", then
 * the late notice, whose 다시 시도 cancels the calls still waiting and loads the route again.
 */
export function RoutePending() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <div className="page">
      <Pending
        onRetry={() => {
          void import('./retryStalled')
            .then(({ retryQueries, stalledQueries }) => retryQueries(queryClient, stalledQueries(queryClient)))
            .then(() => router.invalidate());
        }}
      >
        <PageSkeleton />
      </Pending>
    </div>
  );
}
