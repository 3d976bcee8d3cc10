import { createCategory, deleteCategory, listCategories, moveCategory, renameCategory, reorderCategories } from '../domain/categories';
import {
  classInScope,
  createClass,
  createLecture,
  createSection,
  deleteSection,
  listClasses,
  readClass,
  removeLecture,
  renameSection,
  reorderCurriculum,
  setClassState,
  updateClass,
  updateLecture,
} from '../domain/classAuthoring';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/** The console's catalogue: categories, classes in every state, their curricula (roles checked by the dispatcher). */
export const adminCatalog = {
  async listAdminCategories({ s }) {
    return ok(await listCategories(s.db));
  },
  async createAdminCategory(ctx) {
    return ok(await createCategory(ctx.s.db, ctx, ctx.body), '카테고리를 추가했습니다.');
  },
  async updateAdminCategory(ctx) {
    return ok(await renameCategory(ctx.s.db, ctx, ctx.params.categoryid, ctx.body), '카테고리 이름을 바꿨습니다.');
  },
  async moveAdminCategory(ctx) {
    return ok(await moveCategory(ctx.s.db, ctx, ctx.params.categoryid, ctx.body.parentid), '카테고리를 옮겼습니다.');
  },
  async reorderAdminCategories(ctx) {
    return ok(await reorderCategories(ctx.s.db, ctx, ctx.body), '카테고리 순서를 저장했습니다.');
  },
  async deleteAdminCategory(ctx) {
    return ok(await deleteCategory(ctx.s.db, ctx, ctx.params.categoryid), '카테고리를 삭제했습니다.');
  },
  async listAdminClasses(ctx) {
    return ok(await listClasses(ctx.s.db, ctx, ctx.body));
  },
  async getAdminClass(ctx) {
    await classInScope(ctx.s.db, ctx, ctx.params.contentsid);
    return ok(await readClass(ctx.s.db, ctx.params.contentsid));
  },
  async createAdminClass(ctx) {
    return ok(await createClass(ctx.s.db, ctx, ctx.body), '클래스를 초안으로 만들었습니다.');
  },
  async updateAdminClass(ctx) {
    return ok(await updateClass(ctx.s.db, ctx, ctx.params.contentsid, ctx.body), '클래스를 저장했습니다.');
  },
  async setAdminClassState(ctx) {
    return ok(await setClassState(ctx.s.db, ctx, ctx.params.contentsid, ctx.body), '클래스 상태를 바꿨습니다.');
  },
  async createAdminSection(ctx) {
    return ok(await createSection(ctx.s.db, ctx, ctx.params.contentsid, ctx.body.title), '섹션을 추가했습니다.');
  },
  async updateAdminSection(ctx) {
    return ok(await renameSection(ctx.s.db, ctx, ctx.params.sectionid, ctx.body.title), '섹션 이름을 바꿨습니다.');
  },
  async deleteAdminSection(ctx) {
    return ok(await deleteSection(ctx.s.db, ctx, ctx.params.sectionid), '섹션을 삭제했습니다.');
  },
  async reorderAdminCurriculum(ctx) {
    return ok(await reorderCurriculum(ctx.s.db, ctx, ctx.params.contentsid, ctx.body), '커리큘럼 순서를 저장했습니다.');
  },
  async createAdminLecture(ctx) {
    return ok(await createLecture(ctx.s.db, ctx, ctx.params.sectionid, ctx.body), '강의를 추가했습니다.');
  },
  async updateAdminLecture(ctx) {
    return ok(await updateLecture(ctx.s.db, ctx, ctx.params.videoid, ctx.body), '강의를 저장했습니다.');
  },
  async removeAdminLecture(ctx) {
    const removed = await removeLecture(ctx.s.db, ctx, ctx.params.videoid);
    return ok(removed, removed.outcome === 'deleted' ? '강의를 삭제했습니다.' : '수강 기록이 있어 강의를 숨겼습니다.');
  },
} satisfies Partial<Handlers>;

/**
 * Reads are the console's own, never cached. A write names every table it may change (the derived catalogue tables
 * follow `lectures` and `tags`), so the store's cache drops the answers that showed the class before.
 */
const CLASS_TABLES = ['lectures', 'tags', 'sections', 'videos', 'audit_log'];
const CURRICULUM_TABLES = ['lectures', 'sections', 'videos', 'captions', 'audit_log'];
const CATEGORY_TABLES = ['categories', 'category_counts', 'audit_log'];

export const adminCatalogCache = {
  listAdminCategories: uncachedRead,
  // The store's menu and every class list read `categories` (a list of a category reads its subtree).
  createAdminCategory: writes(CATEGORY_TABLES),
  updateAdminCategory: writes(CATEGORY_TABLES),
  // A move gives the banners linking into the branch its new top (server/domain/categories.ts).
  moveAdminCategory: writes([...CATEGORY_TABLES, 'banners']),
  reorderAdminCategories: writes(CATEGORY_TABLES),
  deleteAdminCategory: writes(CATEGORY_TABLES),
  listAdminClasses: uncachedRead,
  getAdminClass: uncachedRead,
  createAdminClass: writes(CLASS_TABLES),
  updateAdminClass: writes(CLASS_TABLES),
  setAdminClassState: writes(CLASS_TABLES),
  createAdminSection: writes(CURRICULUM_TABLES),
  updateAdminSection: writes(CURRICULUM_TABLES),
  deleteAdminSection: writes(CURRICULUM_TABLES),
  reorderAdminCurriculum: writes(CURRICULUM_TABLES),
  createAdminLecture: writes(CURRICULUM_TABLES),
  updateAdminLecture: writes(CURRICULUM_TABLES),
  removeAdminLecture: writes(CURRICULUM_TABLES),
} satisfies CacheTable<typeof adminCatalog>;
