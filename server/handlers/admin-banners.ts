import { createBanner, deleteBanner, listBanners, reorderBanners, storeBannerPicture, updateBanner } from '../domain/bannerAuthoring';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';
import { asStaffUpload } from '../domain/uploadQuota';

/** The console's banners of /main (owner and operators; the dispatcher checks `x-staff-roles`). Every write is audited. */
export const adminBanners = {
  async listAdminBanners({ s }) {
    return ok(await listBanners(s.db));
  },
  async uploadAdminBannerImage(ctx) {
    // Counted on the staff's day (issue 41) unless the picture is refused.
    return asStaffUpload(ctx, async () => ok(await storeBannerPicture(ctx.s.db, ctx, ctx.form), '배너 이미지를 올렸습니다.'));
  },
  async createAdminBanner(ctx) {
    return ok(await createBanner(ctx.s.db, ctx, ctx.body), '배너를 추가했습니다.');
  },
  async updateAdminBanner(ctx) {
    return ok(await updateBanner(ctx.s.db, ctx, ctx.params.bannerid, ctx.body), '배너를 저장했습니다.');
  },
  async reorderAdminBanners(ctx) {
    return ok(await reorderBanners(ctx.s.db, ctx, ctx.body), '배너 순서를 저장했습니다.');
  },
  async deleteAdminBanner(ctx) {
    return ok(await deleteBanner(ctx.s.db, ctx, ctx.params.bannerid), '배너를 삭제했습니다.');
  },
} satisfies Partial<Handlers>;

/** The console reads uncached; a write drops the store's cached Banner/GetList (and the /main first paint that reads it). */
const BANNER_TABLES = ['banners', 'banner_images', 'audit_log'];

export const adminBannersCache = {
  listAdminBanners: uncachedRead,
  uploadAdminBannerImage: writes(['banner_images', 'audit_log']),
  createAdminBanner: writes(BANNER_TABLES),
  updateAdminBanner: writes(BANNER_TABLES),
  reorderAdminBanners: writes(BANNER_TABLES),
  deleteAdminBanner: writes(BANNER_TABLES),
} satisfies CacheTable<typeof adminBanners>;
