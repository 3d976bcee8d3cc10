import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `player` in openapi/storefront.yaml.

/** GET /api/Contents/GetVideo/{contentsid}/{useruid} — every video of a lecture with the member's watch state. */
export function fetchLectureVideos(contentsid: number, useruid: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/GetVideo/{contentsid}/{useruid}', { params: { path: { contentsid, useruid } } }));
}

/** POST /api/Video/GetSectionVideo/{sectionid}/{useruid} — one section's videos, refreshed after a video ends. */
export function fetchSectionVideos(sectionid: number, useruid: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Video/GetSectionVideo/{sectionid}/{useruid}', { params: { path: { sectionid, useruid } } }));
}

/** GET /api/Contents/GetVideoSourceUrl/{id} — a signed `<video src>` (or HLS playlist) for the owner. */
export function fetchVideoSource(videoid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/GetVideoSourceUrl/{id}', { params: { path: { id: videoid } } }));
}

export const playerKeys = {
  all: ['player'] as const,
  videos: (contentsid: number, useruid: string) => ['player', 'videos', contentsid, useruid] as const,
  source: (videoid: number) => ['player', 'source', videoid] as const,
};

export function lectureVideosQuery(contentsid: number, useruid: string) {
  return queryOptions({
    queryKey: playerKeys.videos(contentsid, useruid),
    queryFn: () => fetchLectureVideos(contentsid, useruid),
  });
}

export function videoSourceQuery(videoid: number) {
  // The link is signed for ten minutes: fetched fresh whenever a video is opened.
  return queryOptions({
    queryKey: playerKeys.source(videoid),
    queryFn: () => fetchVideoSource(videoid),
    staleTime: 0,
    gcTime: 0,
  });
}
