import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { CountRow, PdfRow, QnaRow } from '../db/rows';
import { all, one } from '../db/query';
import { usablePointsSql } from '../domain/orders';
import { iso, isoOrNull, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { NOT_OWNER_MATERIAL, handoutPath, ownUser } from '../domain/access';
import { ownsClassNow, everEnrolled } from '../domain/ownership';
import { lectureOr404 } from '../domain/lectures';
import { countMyLectures, myLecturesPage, type MyLectureRow } from '../domain/myLectures';
import { page, pageOf, totalOf } from '../domain/paging';
import { ISSUER, certificateNumbers, certificateTermsOf } from '../domain/certificates';
import { handoutSize, handoutTitle } from '../domain/handouts';
import { SECRET_TITLE, maskName } from '../domain/privacy';
import { learningHours } from '../../rules/certificate';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, readRecordingUse, type CacheTable } from '../openapi/cacheTags';

/** The certificate of a class that met the rule (rules/certificate.ts), dated when it met it. */
function certificateOf(
  e: MyLectureRow,
  certificateno: string | undefined,
  title: string,
  hours: number,
  rule: components['schemas']['CertificateTerms'] | null,
): components['schemas']['Certificate'] | null {
  const completed = e.certificate_at ?? e.due_at;
  if (!completed || !certificateno) return null;
  return {
    certificateno,
    contentsid: e.contentsid,
    title,
    username: e.name ?? '',
    birth: null,
    completedate: iso(completed),
    hours,
    issuer: ISSUER,
    rule,
    revokedat: isoOrNull(e.certificate_revoked_at),
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
    // Masked for everyone, the author included (the yaml's QnA.username).
    username: maskName(q.username),
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
    const now = kst();
    const status = ctx.body.status;
    const rows = await myLecturesPage(db, me, status, p, now);
    const total = await totalOf(
      rows.map((r) => r.beside),
      p,
      () => countMyLectures(db, me, status, now),
    );
    // Numbers are issued on first need: normally the page's join read them all; a class that met the certificate
    // rule and was never listed since (its last video completed after the pass) gets one here, all of the page's at once.
    const numbers = await certificateNumbers(
      db,
      me,
      rows.flatMap(({ beside: e }) =>
        e.due_at && !e.certificateno ? [{ contentsid: e.contentsid, completedAt: e.due_at }] : [],
      ),
    );
    const list = rows.map(({ lecture: l, beside: e }) => ({
      ...l,
      startdate: iso(e.start_at),
      expiredate: iso(e.end_at),
      progress: l.videocount ? Math.round((e.done / l.videocount) * 1000) / 10 : 0,
      iscomplete: !!e.due_at,
      isexpired: e.end_at <= now,
      isbookmarked: e.bookmarked,
      lastwatched: isoOrNull(e.lastwatched),
      lastvideoid: e.lastvideoid,
      certificate: certificateOf(
        e,
        e.certificateno ?? numbers.get(e.contentsid),
        l.title,
        learningHours(l.totalduration),
        // The rule the certificate states, read with the page (issue 43: a statement fewer a call).
        e.due_at || e.certificate_at ? certificateTermsOf(e) : null,
      ),
    }));
    return ok(pageOf(list, total, p));
  },
  async getContentsPdfList(ctx) {
    const me = ownUser(ctx, undefined);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    if (!(await ownsClassNow(ctx.s.db, me, ctx.params.contentsid))) return fail(403, NOT_OWNER_MATERIAL);
    const rows = await all(
      ctx.s.db,
      sql<
        PdfRow & { class_title: string; class_created_at: string }
      >`select p.*, l.title as class_title, l.created_at as class_created_at
        from pdfs p join lectures l on l.contentsid = p.contentsid where p.contentsid = ${ctx.params.contentsid} order by p.pdfid`,
    );
    return ok(
      rows.map((p) => ({
        pdfid: p.pdfid,
        contentsid: p.contentsid,
        title: handoutTitle(p, p.class_title),
        filename: p.filename,
        originalFilename: p.original_filename,
        // Staff viewing as the member (회원 화면으로 보기) see the list, never a link that downloads as the member.
        path: ctx.viewAs ? '' : handoutPath(p.filename, p.original_filename, me),
        size: handoutSize(p),
        regdate: iso(p.created_at ?? p.class_created_at),
      })),
    );
  },
  async getQnaList(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    const p = page(ctx.body);
    const only = ctx.query.canIOnlySee === true;
    const mine = sql`q.contentsid = ${ctx.params.contentsid} and (${!only} or q.useruid = ${me})`;
    const rows = await all(
      ctx.s.db,
      sql<QnaRow & { total: number }>`select q.*, count(*) over ()::int as total from qnas q where ${mine}
        order by q.qnaid desc limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = await totalOf(
      rows,
      p,
      async () => (await one(ctx.s.db, sql<CountRow>`select count(*)::int as n from qnas q where ${mine}`))?.n ?? 0,
    );
    return ok(
      pageOf(
        rows.map((q) => toQna(q, me)),
        total,
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
    if (!(await everEnrolled(db, me, b.contentsid))) {
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
      // The same usable balance as Point/GetPointSum (points held by open orders are not shown as spendable).
      sql<{
        cart: number;
        cls: number;
        exp: number;
        points: number;
      }>`select (select count(*)::int from carts where useruid = ${me}) as cart,
        (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()}) as cls,
        (select count(*)::int from enrollments where useruid = ${me} and end_at > ${kst()} and end_at <= ${soon}) as exp,
        ${usablePointsSql(me)} as points`,
    );
    return ok({ cartCnt: r?.cart ?? 0, classCnt: r?.cls ?? 0, expireCnt: r?.exp ?? 0, pointSum: r?.points ?? 0 });
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const classroomCache = {
  // A certificate number is issued on its first listing, with its mail, but no cached read shows either (the test
  // 'a member's class list tells no instance of a write' holds that): declared as writes, every listing dropped cache
  // entries and sent a notice to every instance through PostgreSQL, a fifth of its cost at 1M rows (issue 43).
  getMyLectures: readRecordingUse,
  getContentsPdfList: uncachedRead,
  getQnaList: uncachedRead,
  saveQna: writes(['qnas']),
  getMyClassInfo: uncachedRead,
} satisfies CacheTable<typeof classroom>;
