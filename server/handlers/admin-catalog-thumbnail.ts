import { classInScope } from '../domain/classAuthoring';
import { removeClassThumbnail, storeClassThumbnail } from '../domain/classThumbnails';
import { thumbnailImagesOf } from '../media/thumbnailImages';
import { ok, type Handlers } from '../openapi/typed';
import { writes, type CacheTable } from '../openapi/cacheTags';
import { asStaffUpload } from '../domain/uploadQuota';

/** A class's thumbnail uploaded in the console and resized by the server (tag admin-catalog). */
export const adminCatalogThumbnail = {
  async uploadAdminClassThumbnail(ctx) {
    // The scope first: an instructor on another teacher's class is refused before the picture is decoded.
    await classInScope(ctx.s.db, ctx, ctx.params.contentsid);
    // Counted on the staff's day (issue 41) unless the picture is refused.
    return asStaffUpload(ctx, async () => {
      const images = await thumbnailImagesOf(ctx.form);
      return ok(await storeClassThumbnail(ctx.s.db, ctx, ctx.params.contentsid, images), '썸네일을 바꿨습니다.');
    });
  },
  async deleteAdminClassThumbnail(ctx) {
    return ok(await removeClassThumbnail(ctx.s.db, ctx, ctx.params.contentsid), '기본 그림으로 되돌렸습니다.');
  },
} satisfies Partial<Handlers>;

/** The class's record changes its `thumbnail`: every cached answer that shows the class is dropped. */
export const adminCatalogThumbnailCache = {
  uploadAdminClassThumbnail: writes(['lectures', 'class_thumbnails', 'audit_log']),
  deleteAdminClassThumbnail: writes(['lectures', 'class_thumbnails', 'audit_log']),
} satisfies CacheTable<typeof adminCatalogThumbnail>;
