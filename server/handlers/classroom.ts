import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { EnrollmentRow, PdfRow, QnaRow } from '../db/rows';
import { all, one } from '../db/query';
import { usablePoints } from '../money/orders';
import { iso, isoOrNull, kst } from '../time';
import { fail } from './context';
import { NOT_OWNER_MATERIAL, downloadPath, ownUser, ownsClass } from './access';
import { lectureOr404 } from './lectures';
import { page, pageOf } from './paging';
import { ISSUER, certificateNumber } from './quiz-certificate';
import { progressOf } from './videos';
import { ok, type Handlers } from './typed';

const SECRET_TITLE = '비밀글입니다.';

async function certificateOf(
  db: Db,
  e: EnrollmentRow,
  name: string,
  title: string,
  hours: number,
): Promise<components['schemas']['Certificate'] | null> {
  if (!e.completed_at) return null;
  return {
    certificateno: await certificateNumber(db, e.useruid, e.contentsid, e.completed_at),
    contentsid: e.contentsid,
    title,
    username: name,
    birth: null,
    completedate: iso(e.completed_at),
    hours,
    issuer: ISSUER,
  };
}

/** A question as `me` sees it: someone else's secret question shows neither its text nor its answer. */
function toQna(q: QnaRow, me: string, videoid: number | null = null): components['schemas']['QnA'] {
  const hidden = q.is_private && q.useruid !== me;
  return {
    qnaid: q.qnaid,
    contentsid: q.contentsid,
    videoid,
    useruid: q.useruid,
    username: q.username,
    title: hidden ? SECRET_TITLE : q.title,
    content: hidden ? '' : q.content,
    issecret: q.is_private,
    ismine: q.useruid === me,
    answer: hidden ? null : q.answer,
    answerdate: isoOrNull(q.answered_at),
    status: q.answer ? 'answered' : 'waiting',
    regdate: iso(q.created_at),
  };
}

/** The member's classes: my lectures, handouts, questions to the teacher, the my-class summary. */
export const classroom = {
  async getMyLectures(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const db = ctx.s.db;
    const conds = {
      ing: sql`e.end_at > ${kst()}`,
      end: sql`e.end_at <= ${kst()}`,
      ebook: sql`l.is_ebook`,
      certificate: sql`e.completed_at is not null`,
      bookmark: sql`exists(select 1 from bookmarks b where b.useruid = e.useruid and b.contentsid = e.contentsid)`,
      package: sql`false`,
    };
    const cond = ctx.body.status ? conds[ctx.body.status] : sql`true`;
    const rows = await all(
      db,
      sql<EnrollmentRow>`select e.* from enrollments e join lectures l on l.contentsid = e.contentsid
        where e.useruid = ${me} and ${cond} order by e.start_at desc`,
    );
    const m = await one(db, sql<{ name: string }>`select name from members where useruid = ${me}`);
    const slice = rows.slice(p.offset, p.offset + p.pageSize);
    const list = await Promise.all(
      slice.map(async (e) => {
        const l = await lectureOr404(db, e.contentsid);
        const last = await one(
          db,
          sql<{ videoid: number; updated_at: string }>`select videoid, updated_at from progress
            where useruid = ${me} and contentsid = ${e.contentsid} order by updated_at desc limit 1`,
        );
        const bookmarked = await one(db, sql`select 1 from bookmarks where useruid = ${me} and contentsid = ${e.contentsid}`);
        return {
          ...l,
          startdate: iso(e.start_at),
          expiredate: iso(e.end_at),
          progress: await progressOf(db, me, e.contentsid),
          iscomplete: !!e.completed_at,
          isexpired: e.end_at <= kst(),
          isbookmarked: !!bookmarked,
          lastwatched: isoOrNull(last?.updated_at),
          lastvideoid: last?.videoid ?? null,
          certificate: await certificateOf(db, e, m?.name ?? '', l.title, Math.round(l.totalduration / 360) / 10),
        };
      }),
    );
    return ok(pageOf(list, rows.length, p));
  },
  async getContentsPdfList(ctx) {
    const me = ownUser(ctx, undefined);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    if (!(await ownsClass(ctx.s.db, me, ctx.params.contentsid))) return fail(403, NOT_OWNER_MATERIAL);
    const rows = await all(
      ctx.s.db,
      sql<PdfRow & { title: string; created_at: string }>`select p.*, l.title, l.created_at
        from pdfs p join lectures l on l.contentsid = p.contentsid where p.contentsid = ${ctx.params.contentsid}`,
    );
    return ok(
      rows.map((p) => ({
        pdfid: p.pdfid,
        contentsid: p.contentsid,
        title: `${p.title} 교안`,
        filename: p.filename,
        originalFilename: p.original_filename,
        path: downloadPath(p.filename, p.original_filename, true),
        size: 600 + p.pages * 400,
        regdate: iso(p.created_at),
      })),
    );
  },
  async getQnaList(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    const p = page(ctx.body);
    const only = ctx.query.canIOnlySee === true;
    const rows = await all(
      ctx.s.db,
      sql<QnaRow>`select * from qnas where contentsid = ${ctx.params.contentsid} and (${!only} or useruid = ${me}) order by qnaid desc`,
    );
    return ok(
      pageOf(
        rows.slice(p.offset, p.offset + p.pageSize).map((q) => toQna(q, me)),
        rows.length,
        p,
      ),
    );
  },
  async saveQna(ctx) {
    const b = ctx.body;
    const db = ctx.s.db;
    const me = ownUser(ctx, b.useruid);
    await lectureOr404(db, b.contentsid);
    // The yaml's rule: only members who bought the lecture may ask (issue 13).
    if (!(await one(db, sql`select 1 from enrollments where useruid = ${me} and contentsid = ${b.contentsid}`))) {
      return fail(409, '수강한 클래스에만 질문할 수 있습니다.');
    }
    const m = await one(db, sql<{ name: string }>`select name from members where useruid = ${me}`);
    let q: QnaRow | undefined;
    if (b.qnaid) {
      const old = await one(db, sql<QnaRow>`select * from qnas where qnaid = ${b.qnaid} and useruid = ${me}`);
      if (!old) return fail(404, '요청하신 질문을 찾을 수 없습니다.');
      if (old.answer) return fail(409, '답변이 달린 질문은 수정할 수 없습니다.');
      q = await one(
        db,
        sql<QnaRow>`update qnas set title = ${b.title}, content = ${b.content}, is_private = ${b.issecret}
          where qnaid = ${b.qnaid} returning *`,
      );
    } else {
      q = await one(
        db,
        sql<QnaRow>`insert into qnas (contentsid, useruid, username, title, content, is_private, created_at)
          values (${b.contentsid}, ${me}, ${m?.name ?? '회원'}, ${b.title}, ${b.content}, ${b.issecret}, ${kst()}) returning *`,
      );
    }
    return ok(toQna(q!, me, b.videoid ?? null), '질문이 등록되었습니다.');
  },
  async getMyClassInfo(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const soon = kst(new Date(Date.now() + 7 * 86400_000));
    const r = await one(
      ctx.s.db,
      sql<{ cart: number; cls: number; exp: number }>`select (select count(*)::int from carts where useruid = ${me}) as cart,
        (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()}) as cls,
        (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()} and end_at <= ${soon}) as exp`,
    );
    // The same usable balance as Point/GetPointSum (points held by open orders are not shown as spendable).
    return ok({
      cartCnt: r?.cart ?? 0,
      classCnt: r?.cls ?? 0,
      expireCnt: r?.exp ?? 0,
      pointSum: await usablePoints(ctx.s.db, me),
    });
  },
} satisfies Partial<Handlers>;
