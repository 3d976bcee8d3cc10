import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

export type UploadedFile = components['schemas']['UploadedFile'];
export const FAQ_PAGE_SIZE = 50;
export const SUGGEST_PAGE_SIZE = 10;

/** POST /api/Board/GetFaqs/ */
export function fetchFaqs(client: ApiClient = api) {
  return datasOf(client.POST('/api/Board/GetFaqs/', { body: { page: 1, pageSize: FAQ_PAGE_SIZE } }));
}

/** GET /api/GetCode/suggesttype */
export function fetchSuggestTypes(client: ApiClient = api) {
  return datasOf(client.GET('/api/GetCode/suggesttype'));
}

export type SuggestListParams = { page: number; useruid?: string };

/** POST /api/Board/GetSuggests/ */
export function fetchSuggests({ page, useruid }: SuggestListParams, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Board/GetSuggests/', { body: { page, pageSize: SUGGEST_PAGE_SIZE, ...(useruid ? { useruid } : {}) } }),
  );
}

/** GET /api/Board/GetSuggestInfo/{suggestid}/1/{useruid} */
export function fetchSuggestInfo(suggestid: number, useruid: string, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Board/GetSuggestInfo/{suggestid}/1/{useruid}', { params: { path: { suggestid, useruid } } }),
  );
}

export type SuggestDraft = {
  useruid: string;
  suggesttype: string;
  title: string;
  content: string;
  issecret: boolean;
  files: UploadedFile[];
};

/** POST /api/Board/SaveSuggest/ — creates a suggestion (suggestid 0). */
export function saveSuggest(draft: SuggestDraft, client: ApiClient = api) {
  return datasOf(client.POST('/api/Board/SaveSuggest/', { body: { suggestid: 0, ...draft } }));
}

/** POST /api/Board/DeleteSuggest?suggestid= with an empty body (spec §7). */
export function deleteSuggest(suggestid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Board/DeleteSuggest', { params: { query: { suggestid } } }));
}

export const boardKeys = {
  all: ['board'] as const,
  faqs: ['board', 'faqs'] as const,
  suggestTypes: ['board', 'suggestTypes'] as const,
  suggests: (p: SuggestListParams) => ['board', 'suggests', p] as const,
  suggestsAll: ['board', 'suggests'] as const,
  suggest: (suggestid: number, useruid: string) => ['board', 'suggest', suggestid, useruid] as const,
};

export const faqsQuery = () => queryOptions({ queryKey: boardKeys.faqs, queryFn: () => fetchFaqs(), staleTime: 10 * 60_000 });
export const suggestTypesQuery = () =>
  queryOptions({ queryKey: boardKeys.suggestTypes, queryFn: () => fetchSuggestTypes(), staleTime: 60 * 60_000 });
export const suggestsQuery = (p: SuggestListParams) => queryOptions({ queryKey: boardKeys.suggests(p), queryFn: () => fetchSuggests(p) });
export const suggestInfoQuery = (suggestid: number, useruid: string) =>
  queryOptions({ queryKey: boardKeys.suggest(suggestid, useruid), queryFn: () => fetchSuggestInfo(suggestid, useruid) });

// Notices.
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
