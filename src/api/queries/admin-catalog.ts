import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-catalog`: categories, classes, their states and curricula (the console).

export type AdminCategory = components['schemas']['AdminCategory'];
export type AdminClass = components['schemas']['AdminClass'];
export type AdminClassSummary = components['schemas']['AdminClassSummary'];
export type AdminClassState = components['schemas']['AdminClassState'];
export type AdminClassInput = components['schemas']['AdminClassInput'];
export type AdminClassStateChange = components['schemas']['AdminClassStateChange'];
export type AdminClassFilter = Omit<components['schemas']['AdminClassQuery'], 'limit' | 'after'>;
export type AdminCurriculumOrder = components['schemas']['AdminCurriculumOrder'];
export type AdminLectureInput = components['schemas']['AdminLectureInput'];
export const CLASS_PAGE_SIZE = 20;

/** GET /api/Admin/Categories */
export function fetchAdminCategories(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Categories'));
}

/** POST /api/Admin/Classes/List — keyset-paged; `after` is the previous page's `nextAfter`. */
export function fetchAdminClasses(filter: AdminClassFilter, after: string | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Classes/List', { body: { ...filter, limit: CLASS_PAGE_SIZE, after } }));
}

/** GET /api/Admin/Classes/{contentsid} */
export function fetchAdminClass(contentsid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Classes/{contentsid}', { params: { path: { contentsid } } }));
}

/** POST /api/Admin/Classes — a new class, 초안. */
export function createAdminClass(input: AdminClassInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Classes', { body: input }));
}

/** PUT /api/Admin/Classes/{contentsid} */
export function updateAdminClass(contentsid: number, input: AdminClassInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Classes/{contentsid}', { params: { path: { contentsid } }, body: input }));
}

/** POST /api/Admin/Classes/{contentsid}/State — 초안, 게시 (now or at a KST time), 숨김. */
export function setAdminClassState(contentsid: number, change: AdminClassStateChange, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Classes/{contentsid}/State', { params: { path: { contentsid } }, body: change }));
}

/** POST /api/Admin/Classes/{contentsid}/Sections */
export function createAdminSection(contentsid: number, title: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Classes/{contentsid}/Sections', { params: { path: { contentsid } }, body: { title } }));
}

/** PUT /api/Admin/Sections/{sectionid} */
export function renameAdminSection(sectionid: number, title: string, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Sections/{sectionid}', { params: { path: { sectionid } }, body: { title } }));
}

/** DELETE /api/Admin/Sections/{sectionid} — an empty section only. */
export function deleteAdminSection(sectionid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Sections/{sectionid}', { params: { path: { sectionid } } }));
}

/** PUT /api/Admin/Classes/{contentsid}/Curriculum — every section and visible lecture, once each, in the new order. */
export function reorderAdminCurriculum(contentsid: number, order: AdminCurriculumOrder, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Classes/{contentsid}/Curriculum', { params: { path: { contentsid } }, body: order }));
}

/** POST /api/Admin/Sections/{sectionid}/Lectures */
export function createAdminLecture(sectionid: number, input: AdminLectureInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Sections/{sectionid}/Lectures', { params: { path: { sectionid } }, body: input }));
}

/** PUT /api/Admin/Lectures/{videoid} — rename, or mark 미리보기. */
export function updateAdminLecture(videoid: number, input: AdminLectureInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Lectures/{videoid}', { params: { path: { videoid } }, body: input }));
}

/** DELETE /api/Admin/Lectures/{videoid} — deleted, or hidden when a member has watched it. */
export function removeAdminLecture(videoid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Lectures/{videoid}', { params: { path: { videoid } } }));
}

export const adminCatalogKeys = {
  categories: ['admin-catalog', 'categories'] as const,
  classes: (filter: AdminClassFilter) => ['admin-catalog', 'classes', filter] as const,
  classesAll: ['admin-catalog', 'classes'] as const,
  class: (contentsid: number) => ['admin-catalog', 'class', contentsid] as const,
};

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: adminCatalogKeys.categories, queryFn: () => fetchAdminCategories(), staleTime: 5 * 60_000 });
export const adminClassesQuery = (filter: AdminClassFilter) =>
  infiniteQueryOptions({
    queryKey: adminCatalogKeys.classes(filter),
    queryFn: ({ pageParam }) => fetchAdminClasses(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });
export const adminClassQuery = (contentsid: number) =>
  queryOptions({ queryKey: adminCatalogKeys.class(contentsid), queryFn: () => fetchAdminClass(contentsid) });
