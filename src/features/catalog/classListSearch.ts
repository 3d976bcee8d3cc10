import * as z from 'zod/mini';
import { LECTURE_SORTS, type LectureSortType } from '../../api/queries/catalog';

/** Search params of /classList: sort (one of the lecture sorts, default recent) and page (≥ 1). */
export const classListSearchSchema = z.object({
  sort: z.catch(z.optional(z.enum(LECTURE_SORTS)), undefined),
  page: z.catch(z.optional(z.number()), undefined),
});
export type ClassListSearch = z.infer<typeof classListSearchSchema>;

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
