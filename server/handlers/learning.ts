import { sql } from 'kysely';
import { fail, ok, type Handler } from './context';
import { usablePoints } from './orders';
import { iso, isoOrNull, lectureOr404, lectures, one, ownUser, page, pageOf } from './shared';
import { kst } from '../time';
import { ISSUER, certificateNumber } from './quiz-certificate';
import { NOT_OWNER_MATERIAL, NOT_OWNER_VIDEO, downloadPath, mediaPath, ownsClass } from './access';

const mediaUrl = (path: string) => `/api/Media/DataGetMedia?path=${encodeURIComponent(path)}`;


async function videoRows(db: any, me: string, where: any) {
  return (await sql<any>`select v.*, coalesce(p.last_position, 0)::int as watched, coalesce(p.completed, false) as completed, p.updated_at as progressdate,
      exists(select 1 from enrollments e where e.useruid = ${me} and e.contentsid = v.contentsid and e.end_at > ${kst()}) as owned
    from videos v left join progress p on p.useruid = ${me} and p.videoid = v.videoid where ${where} order by v.sectionid, v.sort`.execute(db)).rows;
}
const toVideo = (v: any) => ({ videoid: v.videoid, sectionid: v.sectionid, contentsid: v.contentsid, title: v.title, duration: v.duration_sec, sortorder: v.sort, path: v.owned || v.is_preview ? v.path : null, ispreview: v.is_preview, watchedtime: v.watched, iscomplete: v.completed });

export async function progressOf(db: any, me: string, contentsid: number) {
  const r = await one<any>(db, sql`select (select count(*)::int from videos where contentsid = ${contentsid}) as total, (select count(*)::int from progress where useruid = ${me} and contentsid = ${contentsid} and completed) as done`);
  return r.total ? Math.round((r.done / r.total) * 1000) / 10 : 0;
}

async function certificateOf(db: any, e: any, name: string, title: string, hours: number) {
  return e.completed_at ? { certificateno: await certificateNumber(db, e.useruid, e.contentsid, e.completed_at), contentsid: e.contentsid, title, username: name, birth: null, completedate: iso(e.completed_at), hours, issuer: ISSUER } : null;
}

const tab = (t: any) => (t ? { useruid: t.useruid, contentsid: t.contentsid, videoid: t.videoid, regdate: iso(t.updated_at) } : null);

const toRating = (r: any, me: string | undefined) => ({ ratingid: r.ratingid, contentsid: r.contentsid, useruid: r.useruid, username: r.username, ratescore: r.ratescore, content: r.content, ismine: r.useruid === me, regdate: iso(r.created_at) });

export const learning: Record<string, Handler> = {
  async getMyLectures(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const db = ctx.s.db;
    const status = ctx.body.status;
    const cond = {
      ing: sql`e.end_at > ${kst()}`, end: sql`e.end_at <= ${kst()}`, ebook: sql`l.is_ebook`, certificate: sql`e.completed_at is not null`,
      bookmark: sql`exists(select 1 from bookmarks b where b.useruid = e.useruid and b.contentsid = e.contentsid)`, package: sql`false`,
    }[status as string] ?? sql`true`;
    const rows = (await sql<any>`select e.* from enrollments e join lectures l on l.contentsid = e.contentsid where e.useruid = ${me} and ${cond} order by e.start_at desc`.execute(db)).rows;
    const m = await one<any>(db, sql`select name from members where useruid = ${me}`);
    const slice = rows.slice(p.offset, p.offset + p.pageSize);
    const list = await Promise.all(slice.map(async (e) => {
      const [l] = await lectures(db, sql`l.contentsid = ${e.contentsid}`);
      const last = await one<any>(db, sql`select videoid, updated_at from progress where useruid = ${me} and contentsid = ${e.contentsid} order by updated_at desc limit 1`);
      return {
        ...l!, startdate: iso(e.start_at), expiredate: iso(e.end_at), progress: await progressOf(db, me, e.contentsid), iscomplete: !!e.completed_at, isexpired: e.end_at <= kst(),
        isbookmarked: !!(await one(db, sql`select 1 from bookmarks where useruid = ${me} and contentsid = ${e.contentsid}`)),
        lastwatched: isoOrNull(last?.updated_at), lastvideoid: last?.videoid ?? null, certificate: await certificateOf(db, e, m?.name ?? '', l!.title, Math.round(l!.totalduration / 360) / 10),
      };
    }));
    return ok(pageOf(list, rows.length, p));
  },
  async getOnlineDetail(ctx) {
    // /classView is public: a visitor sends useruid 0 and no token (openapi getOnlineDetail).
    const me = ctx.params.useruid === '0' && !ctx.member ? '0' : ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    const l = await lectureOr404(db, ctx.params.contentsid);
    const e = await one<any>(db, sql`select * from enrollments where useruid = ${me} and contentsid = ${l.contentsid}`);
    const preview = await one<any>(db, sql`select path from videos where contentsid = ${l.contentsid} and is_preview order by videoid limit 1`);
    const row = await one<any>(db, sql`select description, teacher from lectures where contentsid = ${l.contentsid}`);
    return ok({
      ...l, description: row.description, teacherintro: `<p>${row.teacher} — 한국필라테스재활협회 전문 강사</p>`, previewurl: preview ? mediaUrl(preview.path) : null,
      options: [{ optionvalue: String(l.period), name: `${l.period}일 수강권`, price: l.price, saleprice: l.saleprice, period: l.period }],
      ispurchased: !!e, isincart: !!(await one(db, sql`select 1 from carts where useruid = ${me} and contentsid = ${l.contentsid}`)),
      expiredate: isoOrNull(e?.end_at), progress: e ? await progressOf(db, me, l.contentsid) : null, firstplaydate: isoOrNull(e?.first_play_at),
    });
  },
  async getCurriculumList(ctx) {
    const db = ctx.s.db;
    await lectureOr404(db, ctx.body.contentsid);
    const sections = (await sql<any>`select * from sections where contentsid = ${ctx.body.contentsid} order by sort`.execute(db)).rows;
    const vids = (await videoRows(db, ctx.body.useruid ?? '', sql`v.contentsid = ${ctx.body.contentsid}`)).map((v) => ({ ...v, owned: false, watched: 0, completed: false }));
    return ok(sections.map((s) => {
      const videos = vids.filter((v) => v.sectionid === s.sectionid).map(toVideo);
      return { sectionid: s.sectionid, contentsid: s.contentsid, title: s.title, sortorder: s.sort, videocount: videos.length, totalduration: videos.reduce((a, v) => a + v.duration, 0), videos };
    }));
  },
  async getSectionVideos(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    if (!(await one(ctx.s.db, sql`select 1 from sections where sectionid = ${ctx.params.sectionid}`))) return fail(404, '요청하신 섹션을 찾을 수 없습니다.');
    return ok((await videoRows(ctx.s.db, me, sql`v.sectionid = ${ctx.params.sectionid}`)).map(toVideo));
  },
  async getLectureVideos(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    return ok((await videoRows(ctx.s.db, me, sql`v.contentsid = ${ctx.params.contentsid}`)).map(toVideo));
  },
  async getVideoSourceUrl(ctx) {
    const me = ownUser(ctx, undefined);
    const v = await one<any>(ctx.s.db, sql`select * from videos where videoid = ${ctx.params.id}`);
    if (!v) return fail(404, '요청하신 영상을 찾을 수 없습니다.');
    if (!v.is_preview && !(await ownsClass(ctx.s.db, me, v.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    return ok({ videoid: v.videoid, sourceurl: mediaPath(v.path, v.is_preview), path: v.path, duration: v.duration_sec });
  },
  async getContentsPdfList(ctx) {
    const me = ownUser(ctx, undefined);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    if (!(await ownsClass(ctx.s.db, me, ctx.params.contentsid))) return fail(403, NOT_OWNER_MATERIAL);
    const rows = (await sql<any>`select p.*, l.title, l.created_at from pdfs p join lectures l on l.contentsid = p.contentsid where p.contentsid = ${ctx.params.contentsid}`.execute(ctx.s.db)).rows;
    return ok(rows.map((p) => ({ pdfid: p.pdfid, contentsid: p.contentsid, title: `${p.title} 교안`, filename: p.filename, originalFilename: p.original_filename, path: downloadPath(p.filename, p.original_filename, true), size: 600 + p.pages * 400, regdate: iso(p.created_at) })));
  },
  async getCompleteList(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.onlineid);
    return ok((await videoRows(ctx.s.db, me, sql`v.contentsid = ${ctx.params.onlineid}`)).map((v) => ({ videoid: v.videoid, sectionid: v.sectionid, title: v.title, duration: v.duration_sec, watchedtime: v.watched, iscomplete: v.completed, completedate: v.completed ? isoOrNull(v.progressdate) : null })));
  },
  async getMyClassInfo(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const r = await one<any>(ctx.s.db, sql`select (select count(*)::int from carts where useruid = ${me}) as cart, (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()}) as cls,
      (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()} and end_at <= ${kst(new Date(Date.now() + 7 * 86400_000))}) as exp`);
    // The same usable balance as Point/GetPointSum (points held by open orders are not shown as spendable).
    return ok({ cartCnt: r.cart, classCnt: r.cls, expireCnt: r.exp, pointSum: await usablePoints(ctx.s.db, me) });
  },
  async getLastWatchTime(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const r = await one<any>(ctx.s.db, sql`select p.*, v.title as videotitle, v.duration_sec, l.title as lecturetitle from progress p join videos v on v.videoid = p.videoid join lectures l on l.contentsid = p.contentsid where p.useruid = ${me} order by p.updated_at desc limit 1`);
    return ok(r ? { useruid: me, contentsid: r.contentsid, videoid: r.videoid, lecturetitle: r.lecturetitle, videotitle: r.videotitle, watchedtime: r.last_position, duration: r.duration_sec, updatedate: iso(r.updated_at) } : null);
  },
  async updateWatchTime(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const v = await one<any>(ctx.s.db, sql`select v.*, l.title as lecturetitle from videos v join lectures l on l.contentsid = v.contentsid where v.videoid = ${b.videoid} and v.contentsid = ${b.contentsid}`);
    if (!v) return fail(404, '요청하신 영상을 찾을 수 없습니다.');
    // Watch time counts only on a class the member owns (issue 13: a write is never trusted by its ids alone).
    if (!(await ownsClass(ctx.s.db, me, b.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    const now = kst();
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at) values (${me}, ${b.contentsid}, ${b.videoid}, ${b.watchedtime}, ${b.watchedtime}, false, ${now})
      on conflict (useruid, contentsid, videoid) do update set last_position = excluded.last_position, watched_sec = greatest(progress.watched_sec, excluded.watched_sec), updated_at = excluded.updated_at`.execute(ctx.s.db);
    return ok({ useruid: me, contentsid: b.contentsid, videoid: b.videoid, lecturetitle: v.lecturetitle, videotitle: v.title, watchedtime: b.watchedtime, duration: v.duration_sec, updatedate: iso(now) });
  },
  async updateContentProgress(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const v = await one<any>(ctx.s.db, sql`select * from videos where videoid = ${b.videoid} and contentsid = ${b.contentsid}`);
    if (!v) return fail(404, '요청하신 영상을 찾을 수 없습니다.');
    if (!(await ownsClass(ctx.s.db, me, b.contentsid))) return fail(403, NOT_OWNER_VIDEO);
    // Complete at 90 % of the video's own length: the browser's `duration` and `iscomplete` are only its view.
    const done = b.watchedtime >= v.duration_sec * 0.9;
    const now = kst();
    // The furthest second only grows and completion stays (a replayed or late write is harmless); the resume
    // position is UpdateWatchTime's alone, so a member who rewinds resumes where they were, not at the furthest.
    const r = await one<any>(ctx.s.db, sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at) values (${me}, ${b.contentsid}, ${b.videoid}, ${b.watchedtime}, ${b.watchedtime}, ${done}, ${now})
      on conflict (useruid, contentsid, videoid) do update set watched_sec = greatest(progress.watched_sec, excluded.watched_sec), completed = progress.completed or excluded.completed, updated_at = excluded.updated_at returning *`);
    return ok({ useruid: me, contentsid: b.contentsid, videoid: b.videoid, watchedtime: r.watched_sec, duration: v.duration_sec, iscomplete: r.completed, progress: await progressOf(ctx.s.db, me, b.contentsid), updatedate: iso(now) });
  },
  async getProgressTabRecord(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    return ok(tab(await one<any>(ctx.s.db, sql`select * from play_tabs where useruid = ${me}`)));
  },
  async resetProgressTabId(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    await sql`delete from play_tabs where useruid = ${me}`.execute(ctx.s.db);
    return ok(null, '재생 기록이 초기화되었습니다.');
  },
  async checkTabId(ctx) {
    const me = ownUser(ctx, ctx.query.useruid);
    const { contentsid, videoid } = ctx.query;
    const previous = await one<any>(ctx.s.db, sql`select * from play_tabs where useruid = ${me}`);
    const cur = await one<any>(ctx.s.db, sql`insert into play_tabs (useruid, tabid, contentsid, videoid, updated_at) values (${me}, ${`${contentsid}:${videoid}`}, ${contentsid}, ${videoid}, ${kst()})
      on conflict (useruid) do update set tabid = excluded.tabid, contentsid = excluded.contentsid, videoid = excluded.videoid, updated_at = excluded.updated_at returning *`);
    const dup = !!previous && (previous.contentsid !== contentsid || previous.videoid !== videoid);
    return ok({ isduplicate: dup, previous: tab(previous), current: tab(cur)! }, dup ? '다른 창에서 재생 중인 영상이 있습니다.' : '');
  },

  async getQnaList(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    const p = page(ctx.body);
    const only = ctx.query.canIOnlySee === true;
    const rows = (await sql<any>`select * from qnas where contentsid = ${ctx.params.contentsid} and (${!only} or useruid = ${me}) order by qnaid desc`.execute(ctx.s.db)).rows;
    const list = rows.slice(p.offset, p.offset + p.pageSize).map((q) => {
      const hidden = q.is_private && q.useruid !== me;
      return { qnaid: q.qnaid, contentsid: q.contentsid, videoid: null, useruid: q.useruid, username: q.username, title: hidden ? '비밀글입니다.' : q.title, content: hidden ? '' : q.content, issecret: q.is_private, ismine: q.useruid === me, answer: hidden ? null : q.answer, answerdate: isoOrNull(q.answered_at), status: q.answer ? 'answered' : 'waiting', regdate: iso(q.created_at) };
    });
    return ok(pageOf(list, rows.length, p));
  },
  async saveQna(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    await lectureOr404(ctx.s.db, b.contentsid);
    // The yaml's rule: only members who bought the lecture may ask (issue 13).
    if (!(await one(ctx.s.db, sql`select 1 from enrollments where useruid = ${me} and contentsid = ${b.contentsid}`))) return fail(409, '수강한 클래스에만 질문할 수 있습니다.');
    const m = await one<any>(ctx.s.db, sql`select name from members where useruid = ${me}`);
    let q: any;
    if (b.qnaid) {
      const old = await one<any>(ctx.s.db, sql`select * from qnas where qnaid = ${b.qnaid} and useruid = ${me}`);
      if (!old) return fail(404, '요청하신 질문을 찾을 수 없습니다.');
      if (old.answer) return fail(409, '답변이 달린 질문은 수정할 수 없습니다.');
      q = await one<any>(ctx.s.db, sql`update qnas set title = ${b.title}, content = ${b.content}, is_private = ${b.issecret} where qnaid = ${b.qnaid} returning *`);
    } else {
      q = await one<any>(ctx.s.db, sql`insert into qnas (contentsid, useruid, username, title, content, is_private, created_at) values (${b.contentsid}, ${me}, ${m?.name ?? '회원'}, ${b.title}, ${b.content}, ${b.issecret}, ${kst()}) returning *`);
    }
    return ok({ qnaid: q.qnaid, contentsid: q.contentsid, videoid: b.videoid ?? null, useruid: me, username: q.username, title: q.title, content: q.content, issecret: q.is_private, ismine: true, answer: q.answer, answerdate: isoOrNull(q.answered_at), status: q.answer ? 'answered' : 'waiting', regdate: iso(q.created_at) }, '질문이 등록되었습니다.');
  },

  async getRatings(ctx) {
    const b = ctx.body;
    const me = ctx.member?.useruid;
    const p = page(b);
    const order = b.sortType === 'high' ? sql`ratescore desc, ratingid desc` : b.sortType === 'low' ? sql`ratescore asc, ratingid desc` : sql`created_at desc, ratingid desc`;
    const rows = (await sql<any>`select * from ratings where contentsid = ${b.contentsid} and (${b.useruid ?? null}::text is null or useruid = ${b.useruid ?? null}) order by ${order}`.execute(ctx.s.db)).rows;
    return ok(pageOf(rows.slice(p.offset, p.offset + p.pageSize).map((r) => toRating(r, me)), rows.length, p));
  },
  async getRatingStarInfo(ctx) {
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    const rows = (await sql<any>`select ratescore, count(*)::int as n from ratings where contentsid = ${ctx.params.contentsid} group by ratescore`.execute(ctx.s.db)).rows;
    const distribution: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const r of rows) distribution[r.ratescore] = r.n;
    const count = rows.reduce((a, r) => a + r.n, 0);
    const average = count ? Math.round((rows.reduce((a, r) => a + r.ratescore * r.n, 0) / count) * 10) / 10 : 0;
    return ok({ contentsid: ctx.params.contentsid, average, count, distribution });
  },
  async saveRating(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    await lectureOr404(ctx.s.db, b.contentsid);
    if (!(await one(ctx.s.db, sql`select 1 from enrollments where useruid = ${me} and contentsid = ${b.contentsid}`))) return fail(409, '수강한 강의만 평가할 수 있습니다.');
    const m = await one<any>(ctx.s.db, sql`select name from members where useruid = ${me}`);
    let r: any;
    if (b.ratingid) {
      r = await one<any>(ctx.s.db, sql`update ratings set ratescore = ${b.ratescore}, content = ${b.content} where ratingid = ${b.ratingid} and useruid = ${me} returning *`);
      if (!r) return fail(404, '요청하신 평가를 찾을 수 없습니다.');
    } else {
      if (await one(ctx.s.db, sql`select 1 from ratings where useruid = ${me} and contentsid = ${b.contentsid}`)) return fail(409, '이미 평가한 강의입니다.');
      r = await one<any>(ctx.s.db, sql`insert into ratings (contentsid, useruid, username, ratescore, content, created_at) values (${b.contentsid}, ${me}, ${m?.name ?? '회원'}, ${b.ratescore}, ${b.content}, ${kst()}) returning *`);
    }
    return ok(toRating(r, me), '평가가 저장되었습니다.');
  },
  async deleteRating(ctx) {
    const me = ownUser(ctx, undefined);
    const r = await one<any>(ctx.s.db, sql`delete from ratings where ratingid = ${ctx.query.id} and contentsid = ${ctx.query.contentsid} and useruid = ${me} returning ratingid`);
    if (!r) return fail(404, '요청하신 평가를 찾을 수 없습니다.');
    return ok({ ratingid: r.ratingid }, '평가가 삭제되었습니다.');
  },
};
