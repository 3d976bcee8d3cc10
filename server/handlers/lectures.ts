import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CountRow, LectureTableRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso } from '../time';
import { fail } from './context';

/** The contract's Lecture record (catalogue lists, cart lines, orders, my classes). */
export type Lecture = components['schemas']['Lecture'];

/** A lecture with what its record adds: category names, video totals, rating, enrolment count, tags. */
const LECTURE_SQL = sql`
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

interface LectureRow extends LectureTableRow {
  ctgrname: string;
  /** The top-level category. */
  rootid: number;
  videocount: number;
  totalduration: number;
  ratingavg: number;
  ratingcnt: number;
  enrolled: number;
  tagtext: string;
}

function toLecture(r: LectureRow): Lecture {
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
    tags: r.tagtext ? r.tagtext.split(',') : [],
    isnew: r.main_type === 'new',
    isbest: r.main_type === 'best',
  };
}

/** Lecture records; `where` and `order` name the columns of the lecture query as `l.`. */
export async function lectures(
  db: Db,
  where: RawBuilder<unknown> = sql`true`,
  order: RawBuilder<unknown> = sql`l.contentsid`,
  limit = 1000,
  offset = 0,
) {
  const rows = await all(
    db,
    sql<LectureRow>`select * from (${LECTURE_SQL}) l where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map(toLecture);
}

export async function countLectures(db: Db, where: RawBuilder<unknown> = sql`true`): Promise<number> {
  return (await one(db, sql<CountRow>`select count(*)::int as n from (${LECTURE_SQL}) l where ${where}`))?.n ?? 0;
}

export async function lectureOr404(db: Db, contentsid: number): Promise<Lecture> {
  const [l] = await lectures(db, sql`l.contentsid = ${contentsid}`);
  return l ?? fail(404, '요청하신 강의를 찾을 수 없습니다.');
}

/**
 * Lecture records beside the rows of `rows` (a query with a `contentsid` column, e.g. one page of a member's list),
 * in one statement: the lecture subquery is joined per row, so its aggregates run only for the rows of the page.
 * Each of those rows comes back whole as `beside`, ordered by `order` (which names `x.` columns).
 */
export async function lecturesBeside<R>(
  db: Db,
  rows: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<{ lecture: Lecture; beside: R }[]> {
  const found = await all(
    db,
    sql<LectureRow & { beside: R }>`select l.*, row_to_json(x) as beside from (${rows}) x
      join (${LECTURE_SQL}) l on l.contentsid = x.contentsid order by ${order}`,
  );
  return found.map((r) => ({ lecture: toLecture(r), beside: r.beside }));
}
