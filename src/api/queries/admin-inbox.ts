import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-inbox`: members' questions about classes (문의: instructors on their own classes, owner and operators) and
// their 1:1 suggestions (1:1 문의: owner and operators).

export type AdminQuestion = components['schemas']['AdminQuestion'];
export type AdminSuggest = components['schemas']['AdminSuggest'];
export type InboxStatus = components['schemas']['SuggestStatus'];
export type AdminQuestionFilter = Omit<components['schemas']['AdminQuestionQuery'], 'limit' | 'after'>;
export type AdminSuggestFilter = Omit<components['schemas']['AdminSuggestQuery'], 'limit' | 'after'>;
export type AdminSuggestReply = components['schemas']['AdminSuggestReplyInput'];
export const INBOX_PAGE_SIZE = 20;

/** POST /api/Admin/Questions/List — unanswered first; `after` is the previous page's `nextAfter`. */
export function fetchAdminQuestions(filter: AdminQuestionFilter, after: string | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Questions/List', { body: { ...filter, limit: INBOX_PAGE_SIZE, after } }));
}

/** PUT /api/Admin/Questions/{qnaid}/Answer — the first answer mails the member once; the same answer again changes nothing. */
export function answerAdminQuestion(qnaid: number, answer: string, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Questions/{qnaid}/Answer', { params: { path: { qnaid } }, body: { answer } }));
}

/** POST /api/Admin/Suggests/List — 접수 first; `after` is the previous page's `nextAfter`. */
export function fetchAdminSuggests(filter: AdminSuggestFilter, after: string | null = null, client: ApiClient = api, limit = INBOX_PAGE_SIZE) {
  return datasOf(client.POST('/api/Admin/Suggests/List', { body: { ...filter, limit, after } }));
}

/** PUT /api/Admin/Suggests/{suggestid}/Reply — the first 답변완료 mails the member once. */
export function replyAdminSuggest(suggestid: number, reply: AdminSuggestReply, client: ApiClient = api) {
  return datasOf(client.PUT('/api/Admin/Suggests/{suggestid}/Reply', { params: { path: { suggestid } }, body: reply }));
}

export const adminInboxKeys = {
  questions: ['admin-inbox', 'questions'] as const,
  suggests: ['admin-inbox', 'suggests'] as const,
};

export const adminQuestionsQuery = (filter: AdminQuestionFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminInboxKeys.questions, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminQuestions(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });

export const adminSuggestsQuery = (filter: AdminSuggestFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminInboxKeys.suggests, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminSuggests(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextAfter,
  });
