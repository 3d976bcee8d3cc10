import { LECTURE_SORTS, type LectureSortType } from '../../api/queries/catalog';
import { optionalNumber, optionalOneOf } from '../../lib/searchParams';

/** Search params of /classList: sort (one of the lecture sorts, default recent) and page (≥ 1). */
export type ClassListSearch = {
  sort?: LectureSortType | undefined;
  page?: number | undefined;
};

export function parseClassListSearch(search: Record<string, unknown>): ClassListSearch {
  return { sort: optionalOneOf(search.sort, LECTURE_SORTS), page: optionalNumber(search.page) };
}

export function sortOf(search: ClassListSearch): LectureSortType {
  return search.sort ?? 'recent';
}

export function pageOf(search: { page?: number | undefined }): number {
  const p = search.page;
  return p && Number.isInteger(p) && p > 0 ? p : 1;
}

export const SORT_LABELS: Record<LectureSortType, string> = {
  recent: '최신순',
  popular: '인기순',
  rating: '평점순',
  pricelow: '낮은 가격순',
  pricehigh: '높은 가격순',
};
