import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// An operation tagged `catalog`, kept beside catalog.ts rather than in it (written when catalog.ts travelled with the first
// paint; now catalogMain.ts does), and this call is made on the payment page only.

// checkout (issue 12)

/** POST /api/Contents/GetOrderLectures/ — the lectures of /payment/{contentsids} with current prices, in request order. */
export function fetchOrderLectures(contentsids: number[], client: ApiClient = api) {
  return datasOf(client.POST('/api/Contents/GetOrderLectures/', { body: { contentsids } }));
}

export const orderLecturesQuery = (contentsids: number[]) =>
  queryOptions({
    queryKey: ['catalog', 'order-lectures', contentsids] as const,
    queryFn: () => fetchOrderLectures(contentsids),
    staleTime: 5 * 60_000,
  });
