import { sql } from 'kysely';
import type { Db } from '../db/database';
import { fail, type Ctx } from './context';

/** Stored KST text → ISO 8601 with the +09:00 offset the contract uses. */
export const iso = (text: string): string => `${text.replace(' ', 'T')}+09:00`;
export const isoOrNull = (text: string | null | undefined): string | null => (text ? iso(text) : null);

export function page(body: { page?: number; pageSize?: number } | undefined) {
  const p = body?.page ?? 1;
  const size = body?.pageSize ?? 10;
  return { page: p, pageSize: size, offset: (p - 1) * size };
}
export const pageOf = <T>(list: T[], totalCount: number, p: { page: number; pageSize: number }) => ({ list, totalCount, page: p.page, pageSize: p.pageSize });

/** A useruid in path, query or body must be the token's own (contract: bearerAuth). */
export function ownUser(ctx: Ctx, useruid: string | undefined): string {
  const me = ctx.member?.useruid;
  if (!me) return fail(401, '로그인 후 이용해주세요.');
  // Signed in, but asking for someone else: forbidden, not unauthenticated (the client keeps the session).
  if (useruid !== undefined && useruid !== me) return fail(403, '본인의 정보만 조회할 수 있습니다.');
  return me;
}

export const LECTURE_SQL = sql`
  select l.*, c.ctgrname, coalesce(gp.categoryid, p.categoryid, c.categoryid) as rootid,
    (select count(*)::int from videos v where v.contentsid = l.contentsid) as videocount,
    (select coalesce(sum(v.duration_sec), 0)::int from videos v where v.contentsid = l.contentsid) as totalduration,
    (select coalesce(round(avg(r.ratescore)::numeric, 1), 0)::float8 from ratings r where r.contentsid = l.contentsid) as ratingavg,
    (select count(*)::int from ratings r where r.contentsid = l.contentsid) as ratingcnt,
    (select count(*)::int from enrollments e where e.contentsid = l.contentsid) as enrolled,
    (select coalesce(string_agg(t.tag, ',' order by t.tag), '') from tags t where t.contentsid = l.contentsid) as tagtext
  from lectures l
  join categories c on c.categoryid = l.categoryid
  left join categories p on p.categoryid = c.pcategoryid and c.pcategoryid <> 0
  left join categories gp on gp.categoryid = p.pcategoryid and p.pcategoryid <> 0`;

export type LectureRow = Record<string, any>;

export function toLecture(r: LectureRow) {
  return {
    contentsid: r.contentsid,
    title: r.title,
    subtitle: r.subtitle,
    thumbnail: r.thumbnail,
    price: r.price,
    saleprice: r.saleprice,
    isfree: r.saleprice === 0,
    itemtype: r.is_ebook ? 'ebook' : 'lecture',
    categoryid: r.categoryid,
    pcategoryid: r.rootid,
    ctgrname: r.ctgrname,
    teachername: r.teacher,
    videocount: r.videocount,
    totalduration: r.totalduration,
    ratingavg: Number(r.ratingavg),
    ratingcnt: r.ratingcnt,
    studentcnt: r.enrolled + r.popularity * 13,
    period: r.period_days,
    regdate: iso(r.created_at),
    tags: r.tagtext ? String(r.tagtext).split(',') : [],
    isnew: r.main_type === 'new',
    isbest: r.main_type === 'best',
  };
}

export async function lectures(db: Db, where = sql`true`, order = sql`l.contentsid`, limit = 1000, offset = 0) {
  const rows = await sql<LectureRow>`select * from (${LECTURE_SQL}) l where ${where} order by ${order} limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map(toLecture);
}

export async function countLectures(db: Db, where = sql`true`) {
  const r = await sql<{ n: number }>`select count(*)::int as n from (${LECTURE_SQL}) l where ${where}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export async function lectureOr404(db: Db, contentsid: number) {
  const [l] = await lectures(db, sql`l.contentsid = ${contentsid}`);
  if (!l) return fail(404, '요청하신 강의를 찾을 수 없습니다.');
  return l;
}

export async function one<T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T | undefined> {
  return (await query.execute(db)).rows[0];
}
