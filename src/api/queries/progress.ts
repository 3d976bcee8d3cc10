import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `progress` in openapi/storefront.yaml: what the classroom reads, then what the player writes.

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

// player (issue 13)

export type WatchTimeWrite = components['schemas']['WatchTimeUpdateRequest'];
export type ProgressWrite = components['schemas']['ProgressUpdateRequest'];

/** `keepalive` lets a write outlive the page (pagehide). */
interface SendOptions {
  keepalive?: boolean;
}

/** POST /api/Video/UpdateWatchTime/ — a heartbeat that is also the resume position. */
export function sendWatchTime(body: WatchTimeWrite, options: SendOptions = {}, client: ApiClient = api) {
  return datasOf(client.POST('/api/Video/UpdateWatchTime/', { body, ...options }));
}

/** POST /api/ContLog/UpdateContProgress/ — a heartbeat; the answer carries the seconds the server counts and the class's progress. */
export function sendContentProgress(body: ProgressWrite, options: SendOptions = {}, client: ApiClient = api) {
  return datasOf(client.POST('/api/ContLog/UpdateContProgress/', { body, ...options }));
}

/** GET /api/Contents/CheckTabId/ — claims the member's one playing place for this video. */
export function claimPlayingPlace(useruid: string, contentsid: number, videoid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/CheckTabId/', { params: { query: { useruid, contentsid, videoid } } }));
}

/** GET /api/Contents/ProgressTabRecord — what the member is playing now, or null. */
export async function readPlayingPlace(useruid: string, client: ApiClient = api) {
  const { data } = await client.GET('/api/Contents/ProgressTabRecord', { params: { query: { useruid } } });
  return data?.datas ?? null;
}

/** GET /api/Contents/ResetProgressTabId — gives the playing place up (the player closes). */
export async function releasePlayingPlace(useruid: string, options: SendOptions = {}, client: ApiClient = api) {
  await client.GET('/api/Contents/ResetProgressTabId', { params: { query: { useruid } }, ...options });
}
