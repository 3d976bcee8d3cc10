// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { ReactNode } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Pending } from './Pending';
import { SectionFailure } from './SectionFailure';
import type { NotFoundText } from './NotFoundCard';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** The placeholder while the data loads (and while a retry runs). */
  fallback?: ReactNode;
  notFound?: NotFoundText;
  children: (data: T) => ReactNode;
}

/**
 * The state of one non-suspense query as a section shows it: the data once there (kept through a failed
 * background refresh), the placeholder while loading (then "불러오는 중입니다…", then the late notice whose 다시 시도
 * asks this query again), the failure with "다시 시도".
 */
export function QueryState<T>({ query, fallback, notFound, children }: QueryStateProps<T>) {
  const queryClient = useQueryClient();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError && !query.isFetching) {
    return <SectionFailure error={query.error} notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  // The retry's code loads on the press (it is out of the first paint's chunk: the initial-JS budget).
  const retryOwn = () =>
    void import('./retryStalled').then(({ queryOfResult, retryQueries, stalledQueries }) => {
      const own = queryOfResult(queryClient, query);
      return retryQueries(queryClient, own ? [own] : stalledQueries(queryClient));
    });
  return <Pending onRetry={retryOwn}>{fallback}</Pending>;
}
