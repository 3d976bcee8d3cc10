import { recordAudit } from '../domain/audit';
import {
  MAX_VIDEO_BYTES,
  NOT_A_VIDEO,
  failedMedia,
  NO_FFMPEG,
  TOO_LARGE,
  lectureClassInScope,
  mediaOfLecture,
  retryProcessing,
  startUpload,
  toLectureMedia,
  uploadFinished,
  uploadInScope,
} from '../domain/lectureMedia';
import { isVideoContainer, peekBody } from '../media/lectureUploads';
import { captionUploadOf, captionsOfLecture, deleteCaptionRow, removeCaptionFile, saveCaptionRow, stageCaptionFile } from '../media/captionUploads';
import { fail } from '../lib/failure';
import { ok, type Handlers, type OpCtx } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';
import { asStaffUpload } from '../domain/uploadQuota';

const TUS_VERSION = '1.0.0';
/** Enough of the first piece to tell a container (an MPEG-TS needs two packets' sync bytes). */
const SNIFF_BYTES = 189;
const BAD_METADATA = '업로드 정보가 올바르지 않습니다. (Upload-Metadata에 videoid가 필요합니다)';
/** What a tus refusal says to the console, in Korean (the protocol's own bodies are English text). */
const TUS_REFUSALS: Record<number, string> = {
  400: '업로드 요청이 올바르지 않습니다.',
  403: '이 업로드를 이어 올릴 수 없습니다.',
  404: '업로드를 찾을 수 없습니다. 처음부터 다시 올려주세요.',
  409: '업로드 위치가 서버와 다릅니다. 서버에 있는 위치부터 이어 올립니다.',
  410: '업로드가 만료되었습니다. 처음부터 다시 올려주세요.',
  412: 'tus 1.0.0 업로드만 받습니다.',
  413: TOO_LARGE,
  415: NOT_A_VIDEO,
};

/** A tus refusal as the store's envelope (Korean message), with the protocol's headers kept. */
async function asEnvelope(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const detail = await res.text().catch(() => '');
  if (detail) console.warn(`[tus] ${res.status}: ${detail.slice(0, 200)}`);
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  const respMessage = TUS_REFUSALS[res.status] ?? '업로드를 처리하지 못했습니다. 잠시 후 다시 시도해주세요.';
  return new Response(JSON.stringify({ success: false, respMessage }), { status: res.status, headers });
}

/** `videoid 1234,filename …` with base64 values (tus 1.0 Upload-Metadata). */
function metadataOf(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const requireTus = (req: Request) => {
  if (req.headers.get('tus-resumable') !== TUS_VERSION) fail(412, TUS_REFUSALS[412]!);
};

/**
 * The last byte is in: the lecture waits for processing, queued once (a repeated last PATCH finds it processing), in
 * one transaction with its 변환 중, so a crash between the two never leaves a lecture waiting for a job nobody queued.
 */
async function whenComplete(ctx: OpCtx<'patchAdminUpload'>, res: Response, uploadid: string, length: number) {
  if (res.status !== 204 || Number(res.headers.get('upload-offset')) !== length) return;
  const transcode = ctx.s.transcode!;
  await ctx.s.db.transaction().execute(async (tx) => {
    const row = await uploadFinished(tx, uploadid);
    if (row) await transcode.enqueueTranscode({ videoid: row.videoid, uploadid }, tx);
  });
}

/** Lecture videos in the console: tus 1.0 uploads (`@tus/server`), their processing, 다시 시도; their caption files. */
export const adminMedia = {
  async createAdminUpload(ctx) {
    const { req, s } = ctx;
    requireTus(req);
    if (!s.transcode) return fail(503, NO_FFMPEG);
    const videoid = Number(metadataOf(req.headers.get('upload-metadata')).videoid);
    if (!Number.isInteger(videoid) || videoid < 1) return fail(400, BAD_METADATA);
    await lectureClassInScope(s.db, ctx, videoid);
    const length = Number(req.headers.get('upload-length'));
    if (length > MAX_VIDEO_BYTES) return fail(413, TOO_LARGE);
    const res = await asEnvelope(await (await s.lectureStorage.uploads()).handleWeb(req));
    const uploadid = res.headers.get('location')?.split('/').pop();
    if (res.status !== 201 || !uploadid) return res;
    await s.db.transaction().execute(async (tx) => {
      await startUpload(tx, videoid, uploadid, length, ctx.staff!.useruid);
      const filename = metadataOf(req.headers.get('upload-metadata')).filename ?? '';
      await recordAudit(tx, ctx, { operation: 'createAdminUpload', objectType: 'lecture', objectId: videoid, after: { uploadid, length, filename } });
    });
    return res;
  },

  async headAdminUpload(ctx) {
    requireTus(ctx.req);
    await uploadInScope(ctx.s.db, ctx, ctx.params.uploadid);
    return asEnvelope(await (await ctx.s.lectureStorage.uploads()).handleWeb(ctx.req));
  },

  async patchAdminUpload(ctx) {
    requireTus(ctx.req);
    const upload = await uploadInScope(ctx.s.db, ctx, ctx.params.uploadid);
    if (upload.state !== 'uploading') return fail(409, '이미 다 올라간 영상입니다.');
    let req = ctx.req;
    // The first piece must begin like a video container; nothing of a file that does not is stored, and the upload
    // itself goes (an open multipart upload in a bucket is kept, and billed, until someone aborts it).
    if (ctx.req.headers.get('upload-offset') === '0') {
      const peeked = await peekBody(ctx.req, Math.min(SNIFF_BYTES, upload.upload_length));
      if (!isVideoContainer(peeked.head)) {
        await peeked.request.body?.cancel().catch(() => undefined);
        await ctx.s.lectureStorage.discardUpload(upload.upload_id);
        return fail(415, NOT_A_VIDEO);
      }
      req = peeked.request;
    }
    const res = await asEnvelope(await (await ctx.s.lectureStorage.uploads()).handleWeb(req));
    await whenComplete(ctx, res, upload.upload_id, upload.upload_length);
    return res;
  },

  async getAdminLectureMedia({ s, params, ...author }) {
    await lectureClassInScope(s.db, author, params.videoid);
    const row = await mediaOfLecture(s.db, params.videoid);
    return ok(toLectureMedia(params.videoid, row, row?.state === 'uploading' ? await s.lectureStorage.bytesHeld(row.upload_id) : 0));
  },

  async retryAdminLectureMedia(ctx) {
    const { s, params } = ctx;
    await lectureClassInScope(s.db, ctx, params.videoid);
    // The lecture's state answers first: one that is not 실패 has nothing to try again, whatever this server lacks.
    await failedMedia(s.db, params.videoid);
    const transcode = s.transcode;
    if (!transcode) return fail(409, NO_FFMPEG);
    const row = await s.db.transaction().execute(async (tx) => {
      const again = await retryProcessing(tx, params.videoid);
      await recordAudit(tx, ctx, { operation: 'retryAdminLectureMedia', objectType: 'lecture', objectId: params.videoid, after: { uploadid: again.upload_id } });
      await transcode.enqueueTranscode({ videoid: params.videoid, uploadid: again.upload_id }, tx);
      return again;
    });
    return ok(toLectureMedia(params.videoid, row, row.upload_length), '다시 변환을 시작했습니다.');
  },

  async listAdminCaptions({ s, params, ...author }) {
    await lectureClassInScope(s.db, author, params.videoid);
    return ok(await captionsOfLecture(s.db, s.dataDir, params.videoid));
  },

  async uploadAdminCaption(ctx) {
    const { s, params } = ctx;
    await lectureClassInScope(s.db, ctx, params.videoid);
    // Counted on the staff's day (issue 41) unless the file is refused.
    const upload = await asStaffUpload(ctx, async () => captionUploadOf(ctx.form));
    // The file waits beside its place until the row and its audit entry are committed; a failed write leaves nothing.
    const staged = await stageCaptionFile(s.dataDir, params.videoid, upload.srclang, upload.vtt);
    try {
      await s.db.transaction().execute(async (tx) => {
        const before = await saveCaptionRow(tx, params.videoid, upload);
        const after = { srclang: upload.srclang, label: upload.label, cues: upload.cues, format: upload.format };
        await recordAudit(tx, ctx, { operation: 'uploadAdminCaption', objectType: 'lecture', objectId: params.videoid, before: before && { srclang: upload.srclang, ...before }, after });
      });
    } catch (e) {
      await staged.discard();
      throw e;
    }
    await staged.commit();
    return ok(await captionsOfLecture(s.db, s.dataDir, params.videoid), `자막을 올렸습니다. (${upload.cues}개)`);
  },

  async deleteAdminCaption(ctx) {
    const { s, params } = ctx;
    await lectureClassInScope(s.db, ctx, params.videoid);
    const removed = await s.db.transaction().execute(async (tx) => {
      const row = await deleteCaptionRow(tx, params.videoid, params.srclang);
      await recordAudit(tx, ctx, { operation: 'deleteAdminCaption', objectType: 'lecture', objectId: params.videoid, before: { srclang: params.srclang, label: row.label } });
      return row;
    });
    await removeCaptionFile(s.dataDir, params.videoid, params.srclang, removed.path);
    return ok(await captionsOfLecture(s.db, s.dataDir, params.videoid), '자막을 삭제했습니다.');
  },
} satisfies Partial<Handlers>;

export const adminMediaCache = {
  createAdminUpload: writes(['lecture_media', 'audit_log']),
  headAdminUpload: uncachedRead,
  patchAdminUpload: writes(['lecture_media']),
  getAdminLectureMedia: uncachedRead,
  retryAdminLectureMedia: writes(['lecture_media', 'audit_log']),
  listAdminCaptions: uncachedRead,
  uploadAdminCaption: writes(['captions', 'audit_log']),
  deleteAdminCaption: writes(['captions', 'audit_log']),
} satisfies CacheTable<typeof adminMedia>;
