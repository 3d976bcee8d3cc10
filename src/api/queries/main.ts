import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

/** How many lectures each strip of the main page shows. */
export const MAIN_STRIP_SIZE = 8;
export const MAIN_REVIEW_COUNT = 6;

export function fetchBanners(client: ApiClient = api) {
  return datasOf(client.POST('/api/Banner/GetList', { params: { query: { isonlybranch: true } } }));
}

export function fetchRecentLectures(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetRecentOnlineLectures/', { body: { count: MAIN_STRIP_SIZE, isonlybranch: true } }),
  );
}

export function fetchPopularLectures(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetPopularOnlineLectures/', { body: { count: MAIN_STRIP_SIZE, isonlybranch: true } }),
  );
}

export function fetchMainContents(client: ApiClient = api) {
  return datasOf(client.POST('/api/Type/GetMainContents/', { body: { isonlybranch: true } }));
}

export function fetchMainReviews(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Review/GetReviews/', {
      body: { page: 1, pageSize: MAIN_REVIEW_COUNT, sortType: 'recent', isonlybranch: true },
    }),
  );
}

export function fetchStats(client: ApiClient = api) {
  return datasOf(client.GET('/api/Stats/GetInfo/1'));
}

export const mainKeys = {
  banners: ['main', 'banners'] as const,
  recent: ['main', 'recent'] as const,
  popular: ['main', 'popular'] as const,
  contents: ['main', 'contents'] as const,
  reviews: ['main', 'reviews'] as const,
  stats: ['main', 'stats'] as const,
};

const MAIN_STALE = 5 * 60_000;
export const bannersQuery = () => queryOptions({ queryKey: mainKeys.banners, queryFn: () => fetchBanners(), staleTime: MAIN_STALE });
export const recentLecturesQuery = () =>
  queryOptions({ queryKey: mainKeys.recent, queryFn: () => fetchRecentLectures(), staleTime: MAIN_STALE });
export const popularLecturesQuery = () =>
  queryOptions({ queryKey: mainKeys.popular, queryFn: () => fetchPopularLectures(), staleTime: MAIN_STALE });
export const mainContentsQuery = () =>
  queryOptions({ queryKey: mainKeys.contents, queryFn: () => fetchMainContents(), staleTime: MAIN_STALE });
export const mainReviewsQuery = () =>
  queryOptions({ queryKey: mainKeys.reviews, queryFn: () => fetchMainReviews(), staleTime: MAIN_STALE });
export const statsQuery = () => queryOptions({ queryKey: mainKeys.stats, queryFn: () => fetchStats(), staleTime: MAIN_STALE });
