import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CountRow, LectureTableRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso } from '../lib/time';
import { SEARCH_MATCH_LIMIT } from '../../rules/search';
import { fail } from '../lib/failure';

/** The contract's Lecture record (catalogue lists, cart lines, orders, my classes). */
export type Lecture = components['schemas']['Lecture'];

/**
 * The records of the given lectures, in the order of `ids`: category names and the per-lecture aggregates
 * (video totals, enrolment count, tags) are computed for these rows only, never for a whole list before its
 * page is cut; the rating average and count are columns kept by a trigger (migration 012).
 */
const detailsSql = (ids: RawBuilder<unknown>) => sql<LectureRow>`
  select l.*, c.ctgrname, coalesce(gp.categoryid, p.categoryid, c.categoryid) as rootid,
    (select count(*)::int from videos v where v.contentsid = l.contentsid) as videocount,
    (select coalesce(sum(v.duration_sec), 0)::int from videos v where v.contentsid = l.contentsid) as totalduration,
    (select count(*)::int from enrollments e where e.contentsid = l.contentsid) as enrolled,
    (select coalesce(string_agg(t.tag, ',' order by t.tag), '') from tags t where t.contentsid = l.contentsid) as tagtext
  from unnest(${ids}) with ordinality as pg(contentsid, ord)
  join lectures l on l.contentsid = pg.contentsid
  join categories c on c.categoryid = l.categoryid
  left join categories p on p.categoryid = c.pcategoryid and c.pcategoryid <> 0
  left join categories gp on gp.categoryid = p.pcategoryid and p.pcategoryid <> 0
  order by pg.ord`;

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

/** Every table a Lecture record (`lectures` below) is made of, enrolment count included: what a cached list reads. */
export const LECTURE_RECORD_TABLES = ['lectures', 'categories', 'videos', 'ratings', 'enrollments', 'tags'] as const;

/**
 * Lecture records; `where` and `order` name columns of the lectures table as `l.` (see `inCategory`), or of
 * `from`, a narrower table with a `contentsid` column (`tag_keys`). The page is cut on that table and its indexes
 * first, then only its rows are detailed.
 */
export async function lectures(
  db: Db,
  where: RawBuilder<unknown> = sql`true`,
  order: RawBuilder<unknown> = sql`l.contentsid`,
  limit = 1000,
  offset = 0,
  from: RawBuilder<unknown> = sql`lectures`,
) {
  const ids = sql`array(select l.contentsid from ${from} l where ${where} order by ${order} limit ${limit} offset ${offset})`;
  return (await all(db, detailsSql(ids))).map(toLecture);
}

/**
 * A list order as its keys, each `l.` column with its direction; the last key makes the order total (a unique
 * column), so the order read backwards is exactly the list reversed.
 */
export function listOrder(...keys: [column: string, direction: 'asc' | 'desc'][]) {
  const by = (flip: boolean) =>
    sql.raw(keys.map(([column, dir]) => `l.${column} ${(dir === 'desc') === flip ? 'asc' : 'desc'}`).join(', '));
  return { forward: by(false), backward: by(true) };
}
export type ListOrder = ReturnType<typeof listOrder>;

/**
 * One page of a list whose `total` is known before its page is cut (kept counts): a page past the middle is read
 * from the other end of the same order index (a smaller offset) and turned round, so no page walks more than half
 * the list. Same rows, same order as reading forward.
 */
export async function lecturePage(
  db: Db,
  where: RawBuilder<unknown>,
  order: ListOrder,
  limit: number,
  offset: number,
  total: number,
  from?: RawBuilder<unknown>,
) {
  if (offset * 2 <= total) return lectures(db, where, order.forward, limit, offset, from);
  const end = Math.min(offset + limit, total);
  if (end <= offset) return [];
  return (await lectures(db, where, order.backward, end - offset, total - end, from)).reverse();
}

/**
 * The number of lectures `where` selects. `byCategory`: `where` names only `l.categoryid` and `l.is_ebook`, so the
 * per-category counts kept by a trigger (migration 012) answer it without counting lecture rows.
 */
export async function countLectures(db: Db, where: RawBuilder<unknown>, byCategory = false): Promise<number> {
  const query = byCategory
    ? sql<CountRow>`select coalesce(sum(l.n), 0)::int as n from category_counts l where ${where}`
    : sql<CountRow>`select count(*)::int as n from lectures l where ${where}`;
  return (await one(db, query))?.n ?? 0;
}

/**
 * Lectures of category `id` and every category under it: the subtree is resolved first (a handful of rows),
 * so the list filters with an indexed `categoryid = any(...)`. `rootOnly` keeps the old `pcategoryid` filter's
 * meaning: a top-level category, else nothing.
 */
export const inCategory = (id: number, rootOnly = false) => sql`l.categoryid = any(array(
  with recursive sub as (
    select categoryid from categories where categoryid = ${id} ${rootOnly ? sql`and pcategoryid = 0` : sql``}
    union select k.categoryid from categories k join sub on k.pcategoryid = sub.categoryid)
  select categoryid from sub))`;

/**
 * Category `id` and every category under it, as ids (a handful of rows); `rootOnly`: a top-level category, else none.
 * Resolved before the list is read, so its query names them as constants the planner can weigh against the kept
 * counts and column statistics (issue 27: a subquery's list hid how few lectures a category has).
 */
export async function categorySubtree(db: Db, id: number, rootOnly = false): Promise<number[]> {
  const rows = await all(
    db,
    sql<{ categoryid: number }>`with recursive sub as (
      select categoryid from categories where categoryid = ${id} ${rootOnly ? sql`and pcategoryid = 0` : sql``}
      union select k.categoryid from categories k join sub on k.pcategoryid = sub.categoryid)
    select categoryid from sub order by categoryid`,
  );
  return rows.map((r) => r.categoryid);
}

/** Lectures of the given categories (`l.categoryid`), the ids as constants. */
export const inCategories = (ids: number[]) => (ids.length ? sql`l.categoryid in (${sql.join(ids)})` : sql`false`);

/**
 * Title, teacher or one of the tags contains `text` (case-insensitive, as `ilike` matched): the lowered column of
 * `lecture_keys` (migration 014) through its trigram index, or a word of one or two letters through the index of
 * its letters (016). Only for `searchedLecturePage`, which reads that table.
 */
export function matchesSearch(text: string) {
  const like = sql`l.search_text like lower(${`%${text}%`})`;
  // One or two letters have no trigram: their letters and pairs are kept in `grams` (migration 016). A word with a
  // like wildcard in it (% _ \\) keeps ilike's meaning through the like alone. The like comes first: where the
  // planner walks an order index, it is the cheaper test of each lecture walked (quals of equal cost keep this order).
  if ([...text].length <= 2 && !/[%_\\]/.test(text)) return sql`${like} and l.grams @> array[lower(${text})]`;
  return like;
}

/**
 * A page of a search: the first SEARCH_MATCH_LIMIT lectures `where` selects in the list's order, and their number.
 * `where` and `order` name columns of `lecture_keys` as `l.`. The match walks an order index of lecture_keys (or,
 * for a rare word, the trigram index) and stops at the limit, so a word found in a fifth of the catalogue costs
 * what a word found in a thousand lectures costs.
 */
export async function searchedLecturePage(
  db: Db,
  where: RawBuilder<unknown>,
  order: ListOrder,
  limit: number,
  offset: number,
  from: RawBuilder<unknown> = sql`lecture_keys`,
) {
  return pageOfFound(
    db,
    sql<FoundRow>`with m as materialized (select array(select l.contentsid from ${from} l where ${where}
        order by ${order.forward} limit ${SEARCH_MATCH_LIMIT}) as ids)
      select cardinality(ids) as n, coalesce(ids[${offset + 1}:${offset + limit}], '{}') as ids from m`,
  );
}

/**
 * Below `few` lectures a narrowing (a category, a kind, a tag) or a word's matches are few enough to be read whole
 * and sorted; up to `many` a narrowing is still read whole when the word is common (a fifth of 100k); above both, a
 * search walks its order index (issue 27).
 */
export const NARROWED_SEARCH_BOUNDS = { few: 5000, many: 20_000 };

/** What narrows a search besides its word: `where` names `lecture_keys` columns as `l.`; `size` its kept count. */
interface Narrowing {
  where: RawBuilder<unknown>;
  size: number;
  /** The narrowing's lectures as a query of `contentsid`s over an index of its own (a category's, a tag's). */
  ids: RawBuilder<unknown>;
}

/**
 * A page of a search narrowed by a shelf (`shelf` names `l.categoryid` and `l.is_ebook` only) and/or a tag, its cost
 * bounded by the smaller of the narrowing and the word's matches, never by the catalogue (issue 27). The kept counts
 * (category_counts, tag_counts) size each narrowing before any lecture is read: one of at most `few` lectures is read
 * whole, matched and sorted; a category (or kind) of at most `many` is intersected with the word's trigram rows in a
 * bitmap; else a word with fewer than `few` matches is looked up first and its matches narrowed and sorted; else a
 * tag of at most `many` lectures is read whole; else both are common and the search walks its order index as an
 * unnarrowed search does, stopping at the limit. Every path answers the same
 * lectures in the same order: the first SEARCH_MATCH_LIMIT of the order.
 */
export async function narrowedSearchPage(
  db: Db,
  q: { text: string; shelf?: RawBuilder<unknown>; tag?: string },
  order: ListOrder,
  limit: number,
  offset: number,
  bounds = NARROWED_SEARCH_BOUNDS,
) {
  const narrowings: Narrowing[] = [];
  if (q.shelf)
    narrowings.push({
      where: q.shelf,
      size: await countLectures(db, q.shelf, true),
      ids: sql`select l.contentsid from lecture_keys l where ${q.shelf}`,
    });
  if (q.tag)
    narrowings.push({
      where: sql`exists(select 1 from tags t where t.contentsid = l.contentsid and t.tag = ${q.tag})`,
      size: (await one(db, sql<CountRow>`select n from tag_counts where tag = ${q.tag}`))?.n ?? 0,
      ids: sql`select l.contentsid from tag_keys l where l.tag = ${q.tag} and ${q.shelf ?? sql`true`}`,
    });
  const match = matchesSearch(q.text);
  const where = sql.join([match, ...narrowings.map((n) => n.where)], sql` and `);
  if (narrowings.length === 0) return searchedLecturePage(db, where, order, limit, offset);
  const smallest = narrowings.reduce((a, n) => (n.size < a.size ? n : a));
  const within = (ids: RawBuilder<unknown>) =>
    searchedLecturePage(db, sql`l.contentsid = any(array(${ids})) and ${where}`, order, limit, offset);
  if (smallest.size <= bounds.few) return within(smallest.ids);
  // A category of at most `many`: its index rows and the word's are intersected in a bitmap before any lecture is
  // read, whatever the word (the subquery's offset keeps the planner from walking an order index instead).
  if (smallest.size <= bounds.many && q.shelf && smallest.where === q.shelf)
    return searchedLecturePage(
      db,
      sql.join([sql`true`, ...narrowings.filter((n) => n !== smallest).map((n) => n.where)], sql` and `),
      order,
      limit,
      offset,
      sql`(select * from lecture_keys l where ${q.shelf} and ${match} offset 0)`,
    );
  const probe = await all(
    db,
    sql<{ contentsid: number }>`select l.contentsid from lecture_keys l where ${match} limit ${bounds.few}`,
  );
  if (probe.length === 0) return { list: [], total: 0 };
  if (probe.length < bounds.few) return within(sql`select unnest(array[${sql.join(probe.map((r) => r.contentsid))}]::int[])`);
  if (smallest.size <= bounds.many) return within(smallest.ids);
  return searchedLecturePage(db, where, order, limit, offset);
}

/** What a match found: how many, and the ids of the page, in their order. */
interface FoundRow {
  n: number;
  ids: number[];
}

/** Details the ids a match found, in their order. */
async function pageOfFound(db: Db, found: RawBuilder<FoundRow>) {
  const row = await one(db, found);
  const ids = row?.ids ?? [];
  const list = ids.length ? (await all(db, detailsSql(sql`array[${sql.join(ids)}]::int[]`))).map(toLecture) : [];
  return { list, total: row?.n ?? 0 };
}

export async function lectureOr404(db: Db, contentsid: number): Promise<Lecture> {
  const [l] = await all(db, detailsSql(sql`array[${contentsid}]::int[]`));
  if (l) return toLecture(l);
  return fail(404, '요청하신 강의를 찾을 수 없습니다.');
}

/**
 * Lecture records beside the rows of `rows` (a query with a `contentsid` column, e.g. one page of a member's list),
 * in one statement: each row's lecture is detailed beside it (a lateral join), so the aggregates run only for the rows of the page.
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
      join lateral (${detailsSql(sql`array[x.contentsid]::int[]`)}) l on true order by ${order}`,
  );
  return found.map((r) => ({ lecture: toLecture(r), beside: r.beside }));
}
