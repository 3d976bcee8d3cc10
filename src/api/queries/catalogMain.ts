// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// The part of the `catalog` operations the logged-out /main paints first: its banners and new-classes strip, and the
// class list's sort orders (read by the route table's search validation). Everything else is in catalog.ts, which
// re-exports this module and loads with the screens that use it: import from catalog.ts except on the first paint.

export type LectureSortType = components['schemas']['LectureSortType'];
export const LECTURE_SORTS = ['recent', 'popular', 'rating', 'pricelow', 'pricehigh'] as const satisfies readonly LectureSortType[];

/** How many lectures each strip of the main page shows. */
export const MAIN_STRIP_SIZE = 8;

export function fetchBanners(client: ApiClient = api) {
  return datasOf(client.POST('/api/Banner/GetList', { params: { query: { isonlybranch: true } } }));
}

export function fetchRecentLectures(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetRecentOnlineLectures/', { body: { count: MAIN_STRIP_SIZE, isonlybranch: true } }),
  );
}

export const mainKeys = {
  banners: ['main', 'banners'] as const,
  recent: ['main', 'recent'] as const,
  popular: ['main', 'popular'] as const,
  contents: ['main', 'contents'] as const,
};

export const MAIN_STALE = 5 * 60_000;
export const bannersQuery = () => queryOptions({ queryKey: mainKeys.banners, queryFn: () => fetchBanners(), staleTime: MAIN_STALE });
export const recentLecturesQuery = () =>
  queryOptions({ queryKey: mainKeys.recent, queryFn: () => fetchRecentLectures(), staleTime: MAIN_STALE });
