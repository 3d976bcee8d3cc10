import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `progress` in openapi/storefront.yaml that the classroom reads (the player writes the rest).

/** POST /api/Online/GetCompleteList/{onlineid}/{useruid} — each video's watched seconds and completion. */
export function fetchCompleteList(contentsid: number, useruid: string, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Online/GetCompleteList/{onlineid}/{useruid}', { params: { path: { onlineid: contentsid, useruid } } }),
  );
}

/** GET /api/Contents/GetLastWatchTime/{useruid} — the member's last video and second; null before any watching. */
export async function fetchLastWatchTime(useruid: string, client: ApiClient = api) {
  const { data } = await client.GET('/api/Contents/GetLastWatchTime/{useruid}', { params: { path: { useruid } } });
  return data?.datas ?? null;
}

export const progressKeys = {
  all: ['progress'] as const,
  completion: (contentsid: number, useruid: string) => ['progress', 'completion', contentsid, useruid] as const,
  lastWatch: (useruid: string) => ['progress', 'lastWatch', useruid] as const,
};

export const completeListQuery = (contentsid: number, useruid: string) =>
  queryOptions({
    queryKey: progressKeys.completion(contentsid, useruid),
    queryFn: () => fetchCompleteList(contentsid, useruid),
    staleTime: 0,
  });

export const lastWatchTimeQuery = (useruid: string) =>
  queryOptions({ queryKey: progressKeys.lastWatch(useruid), queryFn: () => fetchLastWatchTime(useruid), staleTime: 0 });
