import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

export type RatingSortType = components['schemas']['RatingSortType'];
export const RATING_PAGE_SIZE = 5;
export const MAIN_REVIEW_COUNT = 6;

export type RatingListParams = { contentsid: number; page: number; sortType: RatingSortType };

/** POST /api/Rating/GetRatings/ */
export function fetchRatings({ contentsid, page, sortType }: RatingListParams, client: ApiClient = api) {
  return datasOf(client.POST('/api/Rating/GetRatings/', { body: { contentsid, page, pageSize: RATING_PAGE_SIZE, sortType } }));
}

/** POST /api/Rating/GetRatingStarInfo/{contentsid}?sortType= (no body) */
export function fetchRatingStarInfo(contentsid: number, sortType: RatingSortType = 'recent', client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Rating/GetRatingStarInfo/{contentsid}', { params: { path: { contentsid }, query: { sortType } } }),
  );
}

export type RatingSave = components['schemas']['RatingSaveRequest'];
export type Rating = components['schemas']['Rating'];

/** The member's own rating of a lecture, or null (GetRatings filtered by useruid). */
export async function fetchMyRating(contentsid: number, useruid: string, client: ApiClient = api): Promise<Rating | null> {
  const page = await datasOf(client.POST('/api/Rating/GetRatings/', { body: { contentsid, useruid, page: 1, pageSize: 1 } }));
  return page.list[0] ?? null;
}

/** POST /api/Rating/Save/: `ratingid` 0 creates, otherwise edits the member's own rating. */
export function saveRating(body: RatingSave, client: ApiClient = api) {
  return datasOf(client.POST('/api/Rating/Save/', { body }));
}

/** POST /api/Rating/Delete?id=&contentsid=&ratescore= (no body). */
export function deleteRating(rating: Pick<Rating, 'ratingid' | 'contentsid' | 'ratescore'>, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Rating/Delete', {
      params: { query: { id: rating.ratingid, contentsid: rating.contentsid, ratescore: rating.ratescore } },
    }),
  );
}

export const ratingKeys = {
  all: ['rating'] as const,
  mine: (contentsid: number, useruid: string) => ['rating', 'mine', contentsid, useruid] as const,
  list: (p: RatingListParams) => ['rating', 'list', p] as const,
  stars: (contentsid: number, sortType: RatingSortType) => ['rating', 'stars', contentsid, sortType] as const,
};

export const myRatingQuery = (contentsid: number, useruid: string) =>
  queryOptions({ queryKey: ratingKeys.mine(contentsid, useruid), queryFn: () => fetchMyRating(contentsid, useruid) });
export const ratingsQuery = (p: RatingListParams) => queryOptions({ queryKey: ratingKeys.list(p), queryFn: () => fetchRatings(p) });
export const ratingStarInfoQuery = (contentsid: number, sortType: RatingSortType = 'recent') =>
  queryOptions({ queryKey: ratingKeys.stars(contentsid, sortType), queryFn: () => fetchRatingStarInfo(contentsid, sortType) });

/** The main page's latest reviews. */
export function fetchMainReviews(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Review/GetReviews/', {
      body: { page: 1, pageSize: MAIN_REVIEW_COUNT, sortType: 'recent', isonlybranch: true },
    }),
  );
}

export const mainReviewsQuery = () =>
  queryOptions({ queryKey: ['rating', 'main'] as const, queryFn: () => fetchMainReviews(), staleTime: 5 * 60_000 });
