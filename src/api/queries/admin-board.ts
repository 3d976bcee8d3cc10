import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-board`: notices and FAQ (owner and operators).

export type AdminNoticeInput = components['schemas']['AdminNoticeInput'];
export type AdminFaqInput = components['schemas']['AdminFaqInput'];
export type Notice = components['schemas']['Notice'];
export type Faq = components['schemas']['Faq'];
export const ADMIN_NOTICE_PAGE_SIZE = 20;

/** POST /api/Admin/Notices/List — newest first; `before` is the previous page's `nextBefore`. */
export function fetchAdminNotices(q: string, before: number | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Notices/List', { body: { limit: ADMIN_NOTICE_PAGE_SIZE, before, ...(q ? { q } : {}) } }));
}

/** POST /api/Admin/Notices */
export function createAdminNotice(input: AdminNoticeInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Notices', { body: input }));
}

/** PUT /api/Admin/Notices/{noticeid} */
export function updateAdminNotice(noticeid: number, input: AdminNoticeInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Notices/{noticeid}', { params: { path: { noticeid } }, body: input }));
}

/** DELETE /api/Admin/Notices/{noticeid} */
export function deleteAdminNotice(noticeid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Notices/{noticeid}', { params: { path: { noticeid } } }));
}

/** GET /api/Admin/Faqs */
export function fetchAdminFaqs(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Faqs'));
}

/** POST /api/Admin/Faqs */
export function createAdminFaq(input: AdminFaqInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Faqs', { body: input }));
}

/** PUT /api/Admin/Faqs/{faqid} */
export function updateAdminFaq(faqid: number, input: AdminFaqInput, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Faqs/{faqid}', { params: { path: { faqid } }, body: input }));
}

/** DELETE /api/Admin/Faqs/{faqid} */
export function deleteAdminFaq(faqid: number, client: ApiClient = api) {
  return datasOf(client.DELETE('/api/Admin/Faqs/{faqid}', { params: { path: { faqid } } }));
}

export const adminBoardKeys = {
  notices: (q: string) => ['admin-board', 'notices', q] as const,
  noticesAll: ['admin-board', 'notices'] as const,
  faqs: ['admin-board', 'faqs'] as const,
};

export const adminNoticesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminBoardKeys.notices(q),
    queryFn: ({ pageParam }) => fetchAdminNotices(q, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
export const adminFaqsQuery = () => queryOptions({ queryKey: adminBoardKeys.faqs, queryFn: () => fetchAdminFaqs() });
