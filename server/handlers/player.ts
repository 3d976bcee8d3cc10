import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { VideoRow } from '../db/rows';
import { one } from '../db/query';
import { lessonMedia } from '../media/lessonMedia';
import { captionFile, captionTracks } from '../media/captions';
import { fail } from '../lib/failure';
import { NOT_OWNER_VIDEO, mediaPath, ownUser } from '../domain/access';
import { ownsClassNow } from '../domain/ownership';
import { recordVideoPlay } from '../domain/usage';
import { lectureOr404 } from '../domain/lectures';
import { toVideo, videoRows } from '../domain/videos';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, readRecordingUse, type CacheTable } from '../openapi/cacheTags';

const ASSETS = fileURLToPath(new URL('../assets/', import.meta.url));
const NO_VIDEO = '요청하신 영상을 찾을 수 없습니다.';

/** The player's videos and their media stream. */
export const player = {
  async getSectionVideos(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    if (!(await one(ctx.s.db, sql`select 1 from sections where sectionid = ${ctx.params.sectionid}`))) {
      return fail(404, '요청하신 섹션을 찾을 수 없습니다.');
    }
    return ok((await videoRows(ctx.s.db, me, sql`v.sectionid = ${ctx.params.sectionid}`)).map(toVideo));
  },
  async getLectureVideos(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    return ok((await videoRows(ctx.s.db, me, sql`v.contentsid = ${ctx.params.contentsid}`)).map(toVideo));
  },
  async getVideoSourceUrl(ctx) {
    const v = await one(ctx.s.db, sql<VideoRow>`select * from videos where videoid = ${ctx.params.id}`);
    if (!v) return fail(404, NO_VIDEO);
    // A preview plays for anyone, a visitor without a token included (issue 26: the class view's 미리보기), and
    // uses nothing that was paid for. Any other video needs a member who owns the class now.
    const me = v.is_preview ? undefined : ownUser(ctx, undefined);
    if (me && !(await ownsClassNow(ctx.s.db, me, v.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    // A class video's signed source is handed to its owner only to play it: that is the class's first play
    // (refunds depend on it), recorded here whether or not the browser confirms it. Never for staff watching as the
    // member (회원 화면으로 보기): that is not the member's play.
    if (me && !ctx.viewAs) await recordVideoPlay(ctx.s.db, me, v);
    return ok({
      videoid: v.videoid,
      // Signed for the member it is issued to, so each fetch can ask whether they still have the class (issue 41).
      sourceurl: mediaPath(v.path, me),
      path: v.path,
      duration: v.duration_sec,
      captions: await captionTracks(ctx.s.db, v.videoid, me),
    });
  },
  async getMedia({ s, query, req }) {
    if (String(query.path).endsWith('.vtt')) return captionFile(s.db, query, s.dataDir);
    // Every lecture video of the demo is the sample clip in server/assets, repeated to its length (server/media/lessonMedia.ts);
    // a lecture uploaded in the console is its own HLS ladder (server/media/uploadedMedia.ts).
    return lessonMedia(s.db, join(ASSETS, 'lesson.mp4'), query, req.headers.get('range') ?? undefined, s.lectureStorage);
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const playerCache = {
  getSectionVideos: uncachedRead,
  getLectureVideos: uncachedRead,
  getVideoSourceUrl: readRecordingUse,
  getMedia: uncachedRead,
} satisfies CacheTable<typeof player>;
