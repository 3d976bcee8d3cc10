import { LECTURE_SORTS, type LectureSortType } from '../../api/queries/catalogMain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { optionalOneOf, pageOr1 } from '../../lib/searchParams';

/** Search params of /classList: sort (one of the lecture sorts, default recent) and page (≥ 1, default 1). */
export type ClassListSearch = { sort: LectureSortType; page: number };

/** Left out of the address (stripSearchParams), filled in by validateSearch. */
export const CLASS_LIST_DEFAULTS: ClassListSearch = { sort: 'recent', page: 1 };

/** Read once in the route's validateSearch: loader and screen get the defaulted values. Links may leave both out. */
export function parseClassListSearch(search: Partial<ClassListSearch> & SearchSchemaInput): ClassListSearch {
  return { sort: optionalOneOf(search.sort, LECTURE_SORTS) ?? CLASS_LIST_DEFAULTS.sort, page: pageOr1(search.page) };
}
