import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { sql } from 'kysely';
import type { PdfRow, UploadRow } from '../db/rows';
import { one } from '../db/query';
import { contentDisposition } from '../lib/contentDisposition';
import { kst } from '../lib/time';
import { minimalPdf } from '../media/pdf';
import { fail } from '../lib/failure';
import { checkDownload, downloadPathFor, fileAccess, ownUser } from '../domain/access';
import { uploadedFile } from '../domain/uploads';
import { takeUploadQuota } from '../domain/uploadQuota';
import { handoutBytes } from '../domain/handouts';
import { readUpload, storeUpload } from '../domain/uploadStore';
import { recordFirstUse } from '../domain/usage';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, readRecordingUse, type CacheTable } from '../openapi/cacheTags';

const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const NO_FILE = '요청하신 파일을 찾을 수 없습니다.';

/** Uploads (suggestion attachments) and downloads of handouts, notice attachments and uploads. */
export const files = {
  async uploadFiles(ctx) {
    const me = ownUser(ctx, undefined);
    const parts = (ctx.form?.getAll('files') ?? []).filter((f): f is File => typeof f !== 'string');
    if (parts.length === 0) return fail(400, '업로드할 파일을 선택해주세요.');
    // Count and size limits of one request were enforced while the body streamed (server/openapi/limits.ts); a day's
    // are the member's allowance (issue 41), taken before anything is stored.
    await takeUploadQuota(ctx.s.db, 'member', me, parts.length, parts.reduce((n, f) => n + f.size, 0));
    const saved = [];
    for (const f of parts) {
      const ext = extname(f.name)
        .replace(/[^.\w]/g, '')
        .slice(0, 10);
      const filename = `${kst().slice(0, 10).replace(/-/g, '')}_${randomBytes(6).toString('hex')}${ext}`;
      const contentType = f.type || 'application/octet-stream';
      const bytes = new Uint8Array(await f.arrayBuffer());
      await storeUpload(ctx.s.db, { filename, originalFilename: f.name, contentType, uploadedBy: me, createdAt: kst(), bytes });
      saved.push(uploadedFile({ filename, original_filename: f.name, size: f.size, content_type: contentType }, true));
    }
    return ok(saved, '파일이 업로드되었습니다.');
  },
  async getFileUrl(ctx) {
    const { filename } = ctx.query;
    const access = await fileAccess(ctx.s.db, filename);
    if (!access) return fail(404, NO_FILE);
    const member = await checkDownload(ctx, filename, access);
    return ok({ url: downloadPathFor(filename, filename, access, member) });
  },
  async downloadFile(ctx) {
    const { s, query } = ctx;
    const access = await fileAccess(s.db, query.filename);
    if (!access) return fail(404, NO_FILE);
    const member = await checkDownload(ctx, query.filename, access, query);
    // Served to a member: the first download of the class's materials is recorded before any byte leaves.
    if (access.kind === 'handout' && member) await recordFirstUse(s.db, member, access.contentsid, 'download');
    const headers = { 'content-disposition': contentDisposition(query.originalFilename), 'cache-control': 'private, no-store' };
    const pdfHeaders = { ...headers, 'content-type': 'application/pdf' };
    if (access.kind === 'notice') {
      return new Response(new Uint8Array(minimalPdf(['Korean Pilates & Rehab Association', 'Workshop notice'])), {
        headers: pdfHeaders,
      });
    }
    const pdf = await one(s.db, sql<PdfRow>`select * from pdfs where filename = ${query.filename}`);
    if (pdf) {
      // A file uploaded in the console is served as it was uploaded; a demo handout is drawn.
      const uploaded = await handoutBytes(s.db, pdf.pdfid);
      if (uploaded) {
        return new Response(new Uint8Array(uploaded.bytes), {
          headers: { ...headers, 'content-type': uploaded.contentType, 'content-length': String(uploaded.bytes.length) },
        });
      }
      const lines = [`Lecture ${pdf.contentsid} handout`, 'Korean Pilates & Rehab Association'];
      return new Response(new Uint8Array(minimalPdf(lines, pdf.pages)), { headers: pdfHeaders });
    }
    const up = await one(s.db, sql<UploadRow>`select * from uploads where filename = ${query.filename}`);
    const bytes = up && (await readUpload(s.db, s.dataDir, up.filename));
    if (!up || !bytes) return fail(404, NO_FILE);
    // Raster images keep their type so the SPA can show them inline (<img> of GetFileUrl's URL); anything
    // else, SVG included (it can carry script), stays an opaque download.
    const type = INLINE_IMAGE_TYPES.has(up.content_type) ? up.content_type : 'application/octet-stream';
    return new Response(bytes, {
      headers: { ...headers, 'content-type': type, 'content-length': String(bytes.length) },
    });
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const filesCache = {
  uploadFiles: writes(['uploads']),
  getFileUrl: uncachedRead,
  downloadFile: readRecordingUse,
} satisfies CacheTable<typeof files>;
