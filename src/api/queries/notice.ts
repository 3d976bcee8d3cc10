import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

export const NOTICE_PAGE_SIZE = 10;

export type NoticeListParams = { page: number; schtext?: string; isnotice?: 1 | -1 };

/** POST /api/Main/GetNotices?isnotice=1|-1&istop3=false&isonlybranch=true (spec §7). */
export function fetchNotices({ page, schtext, isnotice = 1 }: NoticeListParams, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Main/GetNotices', {
      params: { query: { isnotice, istop3: false, isonlybranch: true } },
      body: { page, pageSize: NOTICE_PAGE_SIZE, ...(schtext ? { schtext } : {}) },
    }),
  );
}

/** GET /api/Main/GetNoticeInfo/{id}/1 */
export function fetchNoticeInfo(id: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Main/GetNoticeInfo/{id}/1', { params: { path: { id } } }));
}

export const noticeKeys = {
  all: ['notice'] as const,
  list: (p: NoticeListParams) => ['notice', 'list', p] as const,
  info: (id: number) => ['notice', 'info', id] as const,
};

export const noticesQuery = (p: NoticeListParams) =>
  queryOptions({ queryKey: noticeKeys.list(p), queryFn: () => fetchNotices(p) });
export const noticeInfoQuery = (id: number) =>
  queryOptions({ queryKey: noticeKeys.info(id), queryFn: () => fetchNoticeInfo(id) });
