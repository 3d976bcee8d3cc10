import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

export type LectureSortType = components['schemas']['LectureSortType'];
export const LECTURE_SORTS = ['recent', 'popular', 'rating', 'pricelow', 'pricehigh'] as const satisfies readonly LectureSortType[];
export const LECTURE_PAGE_SIZE = 12;
export const SIMILAR_COUNT = 4;
/** Visitors ask for the class detail with useruid `0` (openapi getOnlineDetail). */
export const VISITOR_UID = '0';

export type LectureListParams = {
  page: number;
  categoryid?: number;
  pcategoryid?: number;
  schtext?: string;
  sortType?: LectureSortType;
};

/** POST /api/Contents/GetOnlineLectures/ — class list and search; isonlybranch always true (spec §9). */
export function fetchOnlineLectures(p: LectureListParams, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetOnlineLectures/', {
      body: { pageSize: LECTURE_PAGE_SIZE, isonlybranch: true, ...p },
    }),
  );
}

/** GET /api/Contents/GetOnlineDetail/{contentsid}/{useruid} */
export function fetchLectureDetail(contentsid: number, useruid: string = VISITOR_UID, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/GetOnlineDetail/{contentsid}/{useruid}', { params: { path: { contentsid, useruid } } }));
}

/** POST /api/Contents/CurriculumList/ — sections with their videos. */
export function fetchCurriculum(contentsid: number, useruid?: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Contents/CurriculumList/', { body: { contentsid, ...(useruid ? { useruid } : {}) } }));
}

/** POST /api/Contents/GetCurriculumSection/{contentsid} — sections only, no body. */
export function fetchCurriculumSections(contentsid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Contents/GetCurriculumSection/{contentsid}', { params: { path: { contentsid } } }));
}

/** POST /api/Tag/GetTags/ */
export function fetchLectureTags(contentsid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Tag/GetTags/', { body: { contentsid } }));
}

/** POST /api/Contents/GetSimilarOnlineLectures/ */
export function fetchSimilarLectures(contentsid: number, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetSimilarOnlineLectures/', { body: { contentsid, count: SIMILAR_COUNT, isonlybranch: true } }),
  );
}

/** GET /api/Cart/add/lecture/{useruid}/{contentsid} — puts a lecture in the member's cart. */
export function addLectureToCart(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
      params: { path: { type: 'add', itemtype: 'lecture', useruid, contentsid } },
    }),
  );
}

export const catalogKeys = {
  all: ['catalog'] as const,
  lectures: (p: LectureListParams) => ['catalog', 'lectures', p] as const,
  detail: (contentsid: number, useruid: string) => ['catalog', 'detail', contentsid, useruid] as const,
  curriculum: (contentsid: number) => ['catalog', 'curriculum', contentsid] as const,
  sections: (contentsid: number) => ['catalog', 'sections', contentsid] as const,
  tags: (contentsid: number) => ['catalog', 'tags', contentsid] as const,
  similar: (contentsid: number) => ['catalog', 'similar', contentsid] as const,
};

const CATALOG_STALE = 60_000;
export const onlineLecturesQuery = (p: LectureListParams) =>
  queryOptions({ queryKey: catalogKeys.lectures(p), queryFn: () => fetchOnlineLectures(p), staleTime: CATALOG_STALE });
export const lectureDetailQuery = (contentsid: number, useruid: string = VISITOR_UID) =>
  queryOptions({ queryKey: catalogKeys.detail(contentsid, useruid), queryFn: () => fetchLectureDetail(contentsid, useruid) });
export const curriculumQuery = (contentsid: number) =>
  queryOptions({ queryKey: catalogKeys.curriculum(contentsid), queryFn: () => fetchCurriculum(contentsid), staleTime: CATALOG_STALE });
export const curriculumSectionsQuery = (contentsid: number) =>
  queryOptions({ queryKey: catalogKeys.sections(contentsid), queryFn: () => fetchCurriculumSections(contentsid), staleTime: CATALOG_STALE });
export const lectureTagsQuery = (contentsid: number) =>
  queryOptions({ queryKey: catalogKeys.tags(contentsid), queryFn: () => fetchLectureTags(contentsid), staleTime: CATALOG_STALE });
export const similarLecturesQuery = (contentsid: number) =>
  queryOptions({ queryKey: catalogKeys.similar(contentsid), queryFn: () => fetchSimilarLectures(contentsid), staleTime: CATALOG_STALE });
