import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import { MAIN_STALE, MAIN_STRIP_SIZE, mainKeys, type LectureSortType } from './catalogMain';

// Operations tagged `catalog` in openapi/storefront.yaml: lectures, curriculum, tags, categories, banners and main strips, branches.
// What the logged-out /main paints first (banners, the new-classes strip, the class list's sort orders read by the
// route table) lives in catalogMain.ts, which travels in the first chunk; the rest loads with the screens that ask.
export * from './catalogMain';

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

// Main page strips below the fold (banners and the new-classes strip: catalogMain.ts).
export function fetchPopularLectures(client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetPopularOnlineLectures/', { body: { count: MAIN_STRIP_SIZE, isonlybranch: true } }),
  );
}

export function fetchMainContents(client: ApiClient = api) {
  return datasOf(client.POST('/api/Type/GetMainContents/', { body: { isonlybranch: true } }));
}

export const popularLecturesQuery = () =>
  queryOptions({ queryKey: mainKeys.popular, queryFn: () => fetchPopularLectures(), staleTime: MAIN_STALE });
export const mainContentsQuery = () =>
  queryOptions({ queryKey: mainKeys.contents, queryFn: () => fetchMainContents(), staleTime: MAIN_STALE });

// Menu categories.
/** Menu categories: GET /api/Category/GetList/category?isactive=1&pcategoryid=0 (spec §7). */
export function fetchMenuCategories(client: ApiClient = api) {
  return datasOf(client.GET('/api/Category/GetList/category', { params: { query: { isactive: 1, pcategoryid: 0 } } }));
}

export const categoryKeys = {
  menu: ['category', 'menu'] as const,
};

export function menuCategoriesQuery() {
  return queryOptions({
    queryKey: categoryKeys.menu,
    queryFn: () => fetchMenuCategories(),
    staleTime: 10 * 60_000,
  });
}

// Branches (company page).
/** The branch region is always Seoul (spec §9). */
export const BRANCH_REGION = 'Seoul';

/** GET /api/Online/GetBranch/{region} */
export function fetchBranches(region: string = BRANCH_REGION, client: ApiClient = api) {
  return datasOf(client.GET('/api/Online/GetBranch/{region}', { params: { path: { region } } }));
}

export const branchKeys = { region: (region: string) => ['branch', region] as const };

export const branchesQuery = (region: string = BRANCH_REGION) =>
  queryOptions({ queryKey: branchKeys.region(region), queryFn: () => fetchBranches(region), staleTime: 30 * 60_000 });
