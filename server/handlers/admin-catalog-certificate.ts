import { classInScope } from '../domain/classAuthoring';
import { readCertificateRules, saveCertificateRules, type QuizChange } from '../domain/certificateRules';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

const SAVED: Record<QuizChange, string> = {
  none: '수료 기준을 저장했습니다.',
  created: '수료 퀴즈를 만들었습니다.',
  updated: '수료 퀴즈를 저장했습니다.',
  versioned: '응시한 회원이 있어 새 버전의 퀴즈로 저장했습니다. 이전 응시 기록과 합격은 그대로 남습니다.',
  removed: '수료 퀴즈를 삭제했습니다.',
  retired: '응시한 회원이 있어 퀴즈를 보관했습니다. 이미 합격한 회원의 기록은 그대로 남습니다.',
};

/** The console's certificate rules of a class: its quiz and the progress its certificate needs (tag admin-catalog). */
export const adminCatalogCertificate = {
  async getAdminCertificateRules({ s, params, ...author }) {
    await classInScope(s.db, author, params.contentsid);
    return ok(await readCertificateRules(s.db, params.contentsid));
  },
  async updateAdminCertificateRules(ctx) {
    const saved = await saveCertificateRules(ctx.s.db, ctx, ctx.params.contentsid, ctx.body);
    return ok(saved, SAVED[saved.quizchange]);
  },
} satisfies Partial<Handlers>;

export const adminCatalogCertificateCache = {
  getAdminCertificateRules: uncachedRead,
  // Its class row's certificate share is read only by uncached answers (the classroom, the class view's detail), so
  // the cached catalogue keeps what it holds.
  updateAdminCertificateRules: writes(['quizzes', 'quiz_questions', 'audit_log']),
} satisfies CacheTable<typeof adminCatalogCertificate>;
