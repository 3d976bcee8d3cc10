import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { CountRow, RatingRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { lectureOr404 } from '../domain/lectures';
import { page, pageOf } from '../domain/paging';
import { ok, type Handlers } from '../openapi/typed';
import { everEnrolled } from '../domain/ownership';
import { maskName } from '../domain/privacy';
import { reads, writes, uncachedRead, keyed, bodyField, type CacheTable } from '../openapi/cacheTags';

const toRating = (r: RatingRow, me: string | undefined): components['schemas']['Rating'] => ({
  ratingid: r.ratingid,
  contentsid: r.contentsid,
  useruid: r.useruid,
  // Masked for everyone, the author included (the yaml's Rating.username).
  username: maskName(r.username),
  ratescore: r.ratescore,
  content: r.content,
  ismine: r.useruid === me,
  regdate: iso(r.created_at),
});

/** Reviews of every lecture (/main) and the ratings of one lecture. */
export const ratings = {
  async getReviews({ s, body }) {
    const p = page(body);
    const order =
      body.sortType === 'high'
        ? sql`r.ratescore desc, r.ratingid desc`
        : body.sortType === 'low'
          ? sql`r.ratescore asc, r.ratingid desc`
          : sql`r.created_at desc, r.ratingid desc`;
    const rows = await all(
      s.db,
      sql<RatingRow & { lecturetitle: string; thumbnail: string }>`select r.*, l.title as lecturetitle, l.thumbnail
        from ratings r join lectures l on l.contentsid = r.contentsid order by ${order} limit ${p.pageSize} offset ${p.offset}`,
    );
    // Kept by the ratings trigger (migration 012).
    const total = (await one(s.db, sql<CountRow>`select n from rating_total`))?.n ?? 0;
    const list = rows.map((r) => ({
      reviewid: r.ratingid,
      contentsid: r.contentsid,
      lecturetitle: r.lecturetitle,
      thumbnail: r.thumbnail,
      username: maskName(r.username),
      ratescore: r.ratescore,
      content: r.content,
      regdate: iso(r.created_at),
    }));
    return ok(pageOf(list, total, p));
  },
  async getRatings(ctx) {
    const b = ctx.body;
    const me = ctx.member?.useruid;
    const p = page(b);
    const order =
      b.sortType === 'high'
        ? sql`ratescore desc, ratingid desc`
        : b.sortType === 'low'
          ? sql`ratescore asc, ratingid desc`
          : sql`created_at desc, ratingid desc`;
    const where = sql`contentsid = ${b.contentsid} ${(b.useruid ?? null) !== null ? sql`and useruid = ${b.useruid}` : sql``}`;
    // Paged in SQL on ratings(contentsid, …): a lecture with many reviews costs one page, not all of them.
    const [rows, total] = await Promise.all([
      all(
        ctx.s.db,
        sql<RatingRow>`select * from ratings where ${where} order by ${order} limit ${p.pageSize} offset ${p.offset}`,
      ),
      one(ctx.s.db, sql<CountRow>`select count(*)::int as n from ratings where ${where}`),
    ]);
    return ok(
      pageOf(
        rows.map((r) => toRating(r, me)),
        total?.n ?? 0,
        p,
      ),
    );
  },
  async getRatingStarInfo({ s, params }) {
    await lectureOr404(s.db, params.contentsid);
    const rows = await all(
      s.db,
      sql<{
        ratescore: number;
        n: number;
      }>`select ratescore, count(*)::int as n from ratings where contentsid = ${params.contentsid} group by ratescore`,
    );
    const of = (score: number) => rows.find((r) => r.ratescore === score)?.n ?? 0;
    const distribution = { 1: of(1), 2: of(2), 3: of(3), 4: of(4), 5: of(5) };
    const count = rows.reduce((a, r) => a + r.n, 0);
    const average = count ? Math.round((rows.reduce((a, r) => a + r.ratescore * r.n, 0) / count) * 10) / 10 : 0;
    return ok({ contentsid: params.contentsid, average, count, distribution });
  },
  async saveRating(ctx) {
    const b = ctx.body;
    const db = ctx.s.db;
    const me = ownUser(ctx, b.useruid);
    await lectureOr404(db, b.contentsid);
    if (!(await everEnrolled(db, me, b.contentsid))) {
      return fail(409, '수강한 강의만 평가할 수 있습니다.');
    }
    const m = await one(db, sql<{ name: string }>`select name from members where useruid = ${me}`);
    let r: RatingRow | undefined;
    if (b.ratingid) {
      r = await one(
        db,
        sql<RatingRow>`update ratings set ratescore = ${b.ratescore}, content = ${b.content}
          where ratingid = ${b.ratingid} and useruid = ${me} returning *`,
      );
      if (!r) return fail(404, '요청하신 평가를 찾을 수 없습니다.');
    } else {
      if (await one(db, sql`select 1 from ratings where useruid = ${me} and contentsid = ${b.contentsid}`))
        return fail(409, '이미 평가한 강의입니다.');
      r = await one(
        db,
        sql<RatingRow>`insert into ratings (contentsid, useruid, username, ratescore, content, created_at)
          values (${b.contentsid}, ${me}, ${m?.name ?? '회원'}, ${b.ratescore}, ${b.content}, ${kst()}) returning *`,
      );
    }
    return ok(toRating(r!, me), '평가가 저장되었습니다.');
  },
  async deleteRating(ctx) {
    const me = ownUser(ctx, undefined);
    const r = await one(
      ctx.s.db,
      sql<{ ratingid: number }>`delete from ratings where ratingid = ${ctx.query.id} and contentsid = ${ctx.query.contentsid}
        and useruid = ${me} returning ratingid`,
    );
    if (!r) return fail(404, '요청하신 평가를 찾을 수 없습니다.');
    return ok({ ratingid: r.ratingid }, '평가가 삭제되었습니다.');
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const ratingsCache = {
  getReviews: reads(['ratings', 'lectures']),
  getRatings: uncachedRead,
  getRatingStarInfo: uncachedRead,
  saveRating: writes((i) => [keyed('ratings', bodyField(i, 'contentsid'))]),
  deleteRating: writes((i) => [keyed('ratings', i.query?.contentsid)]),
} satisfies CacheTable<typeof ratings>;
