import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// A `catalog` call kept out of catalog.ts on purpose: catalog.ts travels in the first-paint chunk, and this
// one is only ever needed below the fold of /classView (the logged-out /main first paint must not grow).

/** How many of the teacher's other lectures the class view shows. */
export const PUBLISHER_COUNT = 4;

/** POST /api/Contents/GetPublisherLectures/: the teacher's other lectures, without the current one. */
export function fetchPublisherLectures(teachername: string, excludecontentsid: number, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetPublisherLectures/', {
      body: { page: 1, pageSize: PUBLISHER_COUNT, teachername, excludecontentsid, isonlybranch: true },
    }),
  );
}

export const publisherLecturesQuery = (teachername: string, excludecontentsid: number) =>
  queryOptions({
    queryKey: ['catalog', 'publisher', teachername, excludecontentsid] as const,
    queryFn: () => fetchPublisherLectures(teachername, excludecontentsid),
    staleTime: 60_000,
  });
