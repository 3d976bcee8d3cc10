// Loaded when a member presses 다시 시도 on a late section (Pending, QueryState and RoutePending import it then).
import type { Query, QueryClient, UseQueryResult } from '@tanstack/react-query';
import { queryCalls } from '../../api/callSignal';

/**
 * Queries still waiting for their first answer: what a placeholder on the screen is waiting for. A query with data
 * shows its data, so it is never asked again from here.
 */
export function stalledQueries(queryClient: QueryClient): Query[] {
  return queryClient.getQueryCache().findAll({ fetchStatus: 'fetching', predicate: (q) => q.state.data === undefined });
}

/**
 * The query a `useQuery` result belongs to: React Query binds `refetch` to the result's observer, and an observer
 * sits on its current query only.
 */
export function queryOfResult(queryClient: QueryClient, result: UseQueryResult<unknown>): Query | undefined {
  return queryClient
    .getQueryCache()
    .getAll()
    .find((q) => q.observers.some((o) => o.refetch === result.refetch));
}

/**
 * 다시 시도 on a call that hangs. `refetch` cannot do it: a query without data that is still fetching hands back the
 * same pending promise. So each query's request is aborted and the query cancelled back to its state before the
 * call; then the queries shown by a mounted component are fetched anew, and a suspended section, whose thrown promise
 * has just settled, renders again and starts its own fetch. Resolves once the old calls are cancelled.
 */
export async function retryQueries(queryClient: QueryClient, queries: Query[]): Promise<void> {
  if (!queries.length) return;
  for (const q of queries) abortQueryCall(q);
  await Promise.all(queries.map((q) => q.cancel({ revert: true })));
  void queryClient.refetchQueries({ predicate: (q) => queries.includes(q) });
}

/** Aborts the request a query is waiting for (a hung call the member asked to try again). */
function abortQueryCall(query: Query): void {
  queryCalls.get(query)?.abort();
  queryCalls.delete(query);
}
