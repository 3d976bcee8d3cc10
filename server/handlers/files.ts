import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { fail, ok, type Handler } from './context';
import { one, ownUser } from './shared';
import { kst } from '../time';
import { minimalPdf } from '../pdf';
import { lessonMedia } from '../lessonMedia';
import { checkDownload, downloadPath, downloadPathFor, fileAccess } from './access';

const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const ASSETS = fileURLToPath(new URL('../assets/', import.meta.url));
const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** RFC 5987 / 6266: an ASCII fallback plus the UTF-8 original name, so Korean filenames survive. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The record of a stored upload, as `UploadFiles` returns it and suggestions list it (`path` downloads
 * it: signed when only its uploader may, since the web client uses it as a plain link).
 */
export function uploadedFile(u: { filename: string; original_filename: string; size: number; content_type: string }, signed = false) {
  return {
    filename: u.filename,
    originalFilename: u.original_filename,
    path: downloadPath(u.filename, u.original_filename, signed),
    size: u.size,
    contentType: u.content_type,
  };
}

export const files: Record<string, Handler> = {
  async uploadFiles(ctx) {
    const me = ownUser(ctx, undefined);
    const parts = (ctx.form?.getAll('files') ?? []).filter((f): f is File => typeof f !== 'string');
    if (parts.length === 0) return fail(400, '업로드할 파일을 선택해주세요.');
    // Count and size limits were enforced while the body streamed (server/openapi/limits.ts).
    mkdirSync(uploadsDir(ctx.s.dataDir), { recursive: true });
    const saved = [];
    for (const f of parts) {
      const ext = extname(f.name).replace(/[^.\w]/g, '').slice(0, 10);
      const filename = `${kst().slice(0, 10).replace(/-/g, '')}_${randomBytes(6).toString('hex')}${ext}`;
      writeFileSync(join(uploadsDir(ctx.s.dataDir), filename), Buffer.from(await f.arrayBuffer()));
      const contentType = f.type || 'application/octet-stream';
      await sql`insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by) values (${filename}, ${f.name}, ${f.size}, ${contentType}, ${kst()}, ${me})`.execute(ctx.s.db);
      saved.push(uploadedFile({ filename, original_filename: f.name, size: f.size, content_type: contentType }, true));
    }
    return ok(saved, '파일이 업로드되었습니다.');
  },
  async getFileUrl(ctx) {
    const { filename } = ctx.query;
    const access = await fileAccess(ctx.s.db, filename);
    if (!access) return fail(404, '요청하신 파일을 찾을 수 없습니다.');
    await checkDownload(ctx, filename, access);
    return ok({ url: downloadPathFor(filename, filename, access) });
  },
  async downloadFile(ctx) {
    const { s, query } = ctx;
    const access = await fileAccess(s.db, query.filename);
    if (!access) return fail(404, '요청하신 파일을 찾을 수 없습니다.');
    await checkDownload(ctx, query.filename, access);
    const headers = { 'content-disposition': contentDisposition(query.originalFilename), 'cache-control': 'private, no-store' };
    if (access.kind === 'notice') return new Response(new Uint8Array(minimalPdf(['Korean Pilates & Rehab Association', 'Workshop notice'])), { headers: { ...headers, 'content-type': 'application/pdf' } });
    const pdf = await one<any>(s.db, sql`select p.*, l.title from pdfs p join lectures l on l.contentsid = p.contentsid where p.filename = ${query.filename}`);
    if (pdf) return new Response(new Uint8Array(minimalPdf([`Lecture ${pdf.contentsid} handout`, 'Korean Pilates & Rehab Association'], pdf.pages)), { headers: { ...headers, 'content-type': 'application/pdf' } });
    const up = await one<any>(s.db, sql`select * from uploads where filename = ${query.filename}`);
    const file = up ? join(uploadsDir(s.dataDir), up.filename) : '';
    if (!up || !existsSync(file)) return fail(404, '요청하신 파일을 찾을 수 없습니다.');
    const bytes = readFileSync(file);
    // Raster images keep their type so the SPA can show them inline (<img> of GetFileUrl's URL); anything
    // else, SVG included (it can carry script), stays an opaque download.
    const type = INLINE_IMAGE_TYPES.has(up.content_type) ? up.content_type : 'application/octet-stream';
    return new Response(new Uint8Array(bytes), { headers: { ...headers, 'content-type': type, 'content-length': String(bytes.length) } });
  },
  async getMedia({ s, query, req }) {
    // Every lecture video of the demo is the sample clip in server/assets, repeated to its length (server/lessonMedia.ts).
    return lessonMedia(s.db, join(ASSETS, 'lesson.mp4'), query, req.headers.get('range') ?? undefined);
  },
};
