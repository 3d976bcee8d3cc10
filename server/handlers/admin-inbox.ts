import { answerQuestion, listQuestions, listSuggests, replySuggest } from '../domain/inbox';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/**
 * The console's inbox (issue 39): 문의 (questions about classes: their instructor, owner and operators) and 1:1 문의
 * (suggestions: owner and operators only, the dispatcher checks `x-staff-roles`). Every write audited.
 */
export const adminInbox = {
  async listAdminQuestions({ s, body, ...author }) {
    return ok(await listQuestions(s.db, author, body));
  },
  async answerAdminQuestion(ctx) {
    return ok(await answerQuestion(ctx.s.db, ctx, ctx.params.qnaid, ctx.body.answer), '답변을 저장했습니다.');
  },
  async listAdminSuggests({ s, body }) {
    return ok(await listSuggests(s.db, body));
  },
  async replyAdminSuggest(ctx) {
    const saved = await replySuggest(ctx.s.db, ctx, ctx.params.suggestid, ctx.body);
    return ok(saved, saved.status === 'answered' ? '답변완료로 저장했습니다.' : '접수 상태로 저장했습니다.');
  },
} satisfies Partial<Handlers>;

/** Members read answers uncached (GetQnaList, GetSuggests and GetSuggestInfo are uncached reads): nothing to drop. */
export const adminInboxCache = {
  listAdminQuestions: uncachedRead,
  answerAdminQuestion: writes(['qnas', 'mail_outbox', 'audit_log']),
  listAdminSuggests: uncachedRead,
  replyAdminSuggest: writes(['suggests', 'mail_outbox', 'audit_log']),
} satisfies CacheTable<typeof adminInbox>;
