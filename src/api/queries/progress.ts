import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `progress` in openapi/storefront.yaml.

export type WatchTimeWrite = components['schemas']['WatchTimeUpdateRequest'];
export type ProgressWrite = components['schemas']['ProgressUpdateRequest'];

/** `keepalive` lets a write outlive the page (pagehide). */
interface SendOptions {
  keepalive?: boolean;
}

/** GET /api/Contents/GetLastWatchTime/{useruid} — null when the member never watched anything. */
export async function fetchLastWatchTime(useruid: string, client: ApiClient = api) {
  const { data } = await client.GET('/api/Contents/GetLastWatchTime/{useruid}', { params: { path: { useruid } } });
  return data?.datas ?? null;
}

export function lastWatchTimeQuery(useruid: string) {
  return queryOptions({
    queryKey: ['progress', 'lastWatch', useruid] as const,
    queryFn: () => fetchLastWatchTime(useruid),
    staleTime: 0,
  });
}

/** POST /api/Video/UpdateWatchTime/ — the resume position. */
export function sendWatchTime(body: WatchTimeWrite, options: SendOptions = {}, client: ApiClient = api) {
  return datasOf(client.POST('/api/Video/UpdateWatchTime/', { body, ...options }));
}

/** POST /api/ContLog/UpdateContProgress/ — the furthest second watched; the answer carries the class's progress. */
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
