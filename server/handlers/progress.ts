import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { PlayTabRow, ProgressRow, VideoRow } from '../db/rows';
import { one } from '../db/query';
import { iso, isoOrNull, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { NOT_OWNER_VIDEO, ownUser } from '../domain/access';
import { ownsClassNow } from '../domain/ownership';
import { lectureOr404 } from '../domain/lectures';
import { progressOf, videoRows } from '../domain/videos';
import { recordHeartbeat } from '../domain/watching';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';

const NO_VIDEO = '요청하신 영상을 찾을 수 없습니다.';

const tab = (t: PlayTabRow | undefined): components['schemas']['PlaybackTab'] | null =>
  t ? { useruid: t.useruid, contentsid: t.contentsid, videoid: t.videoid, regdate: iso(t.updated_at) } : null;

/** Watch time, completion and the one-tab playing rule. */
export const progress = {
  async getCompleteList(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.onlineid);
    const rows = await videoRows(ctx.s.db, me, sql`v.contentsid = ${ctx.params.onlineid}`);
    return ok(
      rows.map((v) => ({
        videoid: v.videoid,
        sectionid: v.sectionid,
        title: v.title,
        duration: v.duration_sec,
        watchedtime: v.watched,
        watchedsec: v.watchedsec,
        iscomplete: v.completed,
        completedate: v.completed ? isoOrNull(v.progressdate) : null,
      })),
    );
  },
  async getLastWatchTime(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const r = await one(
      ctx.s.db,
      sql<
        ProgressRow & { videotitle: string; duration_sec: number; lecturetitle: string; thumbnail: string; end_at: string | null }
      >`select p.*, v.title as videotitle, v.duration_sec, l.title as lecturetitle, l.thumbnail, e.end_at
        from progress p join videos v on v.videoid = p.videoid join lectures l on l.contentsid = p.contentsid
        left join enrollments e on e.useruid = p.useruid and e.contentsid = p.contentsid
        where p.useruid = ${me} order by p.updated_at desc, p.write_seq desc limit 1`,
    );
    // Staff viewing as the member (회원 화면으로 보기) read inside the class they opened: another class's is none.
    if (!r || (ctx.viewAs && r.contentsid !== ctx.viewAs.contentsid)) return ok(null);
    return ok({
      useruid: me,
      contentsid: r.contentsid,
      videoid: r.videoid,
      lecturetitle: r.lecturetitle,
      videotitle: r.videotitle,
      watchedtime: r.last_position,
      duration: r.duration_sec,
      updatedate: iso(r.updated_at),
      thumbnail: r.thumbnail,
      expiredate: isoOrNull(r.end_at),
    });
  },
  async updateWatchTime(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const v = await one(
      ctx.s.db,
      sql<
        VideoRow & { lecturetitle: string }
      >`select v.*, l.title as lecturetitle from videos v join lectures l on l.contentsid = v.contentsid
        where v.videoid = ${b.videoid} and v.contentsid = ${b.contentsid}`,
    );
    if (!v) return fail(404, NO_VIDEO);
    // Watch time counts only on a class the member owns (issue 13: a write is never trusted by its ids alone).
    if (!(await ownsClassNow(ctx.s.db, me, b.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    const r = await recordHeartbeat(ctx.s.db, me, v, { position: b.watchedtime, reportedat: b.reportedat }, true);
    return ok({
      useruid: me,
      contentsid: b.contentsid,
      videoid: b.videoid,
      lecturetitle: v.lecturetitle,
      videotitle: v.title,
      watchedtime: r.last_position,
      duration: v.duration_sec,
      updatedate: iso(r.updated_at),
    });
  },
  async updateContentProgress(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const v = await one(
      ctx.s.db,
      sql<VideoRow>`select * from videos where videoid = ${b.videoid} and contentsid = ${b.contentsid}`,
    );
    if (!v) return fail(404, NO_VIDEO);
    if (!(await ownsClassNow(ctx.s.db, me, b.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    // The body's `duration` and `iscomplete` are the player's view only: coverage and completion are the server's
    // (rules/watchCoverage.ts). The resume position stays UpdateWatchTime's.
    const r = await recordHeartbeat(ctx.s.db, me, v, { position: b.watchedtime, reportedat: b.reportedat }, false);
    return ok({
      useruid: me,
      contentsid: b.contentsid,
      videoid: b.videoid,
      watchedtime: r.watched_sec,
      duration: v.duration_sec,
      iscomplete: r.completed,
      progress: await progressOf(ctx.s.db, me, b.contentsid),
      updatedate: iso(r.updated_at),
    });
  },
  async getProgressTabRecord(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    return ok(tab(await one(ctx.s.db, sql<PlayTabRow>`select * from play_tabs where useruid = ${me}`)));
  },
  async resetProgressTabId(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    await sql`delete from play_tabs where useruid = ${me}`.execute(ctx.s.db);
    return ok(null, '재생 기록이 초기화되었습니다.');
  },
  async checkTabId(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    const { contentsid, videoid } = ctx.query;
    const previous = await one(ctx.s.db, sql<PlayTabRow>`select * from play_tabs where useruid = ${me}`);
    const cur = await one(
      ctx.s.db,
      sql<PlayTabRow>`insert into play_tabs (useruid, tabid, contentsid, videoid, updated_at)
        values (${me}, ${`${contentsid}:${videoid}`}, ${contentsid}, ${videoid}, ${kst()})
        on conflict (useruid) do update set tabid = excluded.tabid, contentsid = excluded.contentsid, videoid = excluded.videoid,
          updated_at = excluded.updated_at returning *`,
    );
    const dup = !!previous && (previous.contentsid !== contentsid || previous.videoid !== videoid);
    return ok(
      { isduplicate: dup, previous: tab(previous), current: tab(cur)! },
      dup ? '다른 창에서 재생 중인 영상이 있습니다.' : '',
    );
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const progressCache = {
  getCompleteList: uncachedRead,
  getLastWatchTime: uncachedRead,
  updateWatchTime: writes(['progress']),
  updateContentProgress: writes(['progress']),
  getProgressTabRecord: uncachedRead,
  resetProgressTabId: writes(['play_tabs']),
  checkTabId: writes(['play_tabs']),
} satisfies CacheTable<typeof progress>;
