// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * How long a route loader waits for its screen's first data before the screen renders with that section
 * still loading (docs/decisions.md, issue 15). A normal answer comes well inside it, so the page paints once,
 * complete; a slow one no longer holds the whole page (header, footer, other sections) behind it.
 */
export const ROUTE_DATA_WAIT_MS = 1_000;

/**
 * A loader's prefetch that never fails the route and never waits past ROUTE_DATA_WAIT_MS: a failure stays in
 * the query cache, where the screen's section shows it with "다시 시도"; the siblings render regardless.
 */
export function prefetchBriefly<T, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, TKey>,
): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ROUTE_DATA_WAIT_MS);
    void queryClient.prefetchQuery(options).finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
