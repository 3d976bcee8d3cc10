import { classInScope } from '../domain/classAuthoring';
import { addHandout, listHandouts, removeHandout } from '../domain/handouts';
import { CONTENT_TYPES, handoutUploadOf } from '../media/handoutUploads';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';
import { asStaffUpload } from '../domain/uploadQuota';

/** A class's handouts and e-book files, attached and removed in the console (tag admin-catalog). */
export const adminCatalogHandouts = {
  async listAdminHandouts({ s, params, ...author }) {
    await classInScope(s.db, author, params.contentsid);
    return ok(await listHandouts(s.db, params.contentsid));
  },
  async uploadAdminHandout(ctx) {
    // The scope first: an instructor on another teacher's class is refused before the file is read.
    await classInScope(ctx.s.db, ctx, ctx.params.contentsid);
    // Counted on the staff's day (issue 41) unless the file is refused.
    return asStaffUpload(ctx, async () => {
      const upload = await handoutUploadOf(ctx.form);
      const list = await addHandout(ctx.s.db, ctx, ctx.params.contentsid, { ...upload, contentType: CONTENT_TYPES[upload.kind] });
      return ok(list, `「${upload.title}」 자료를 올렸습니다.`);
    });
  },
  async deleteAdminHandout(ctx) {
    return ok(await removeHandout(ctx.s.db, ctx, ctx.params.pdfid), '자료를 삭제했습니다.');
  },
} satisfies Partial<Handlers>;

export const adminCatalogHandoutsCache = {
  listAdminHandouts: uncachedRead,
  uploadAdminHandout: writes(['pdfs', 'audit_log']),
  deleteAdminHandout: writes(['pdfs', 'audit_log']),
} satisfies CacheTable<typeof adminCatalogHandouts>;
