import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import { PLANNED_ONCE, type Db } from '../db/database';
import type { CountRow, LectureTableRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso } from '../lib/time';
import { SEARCH_FIELD_RANK, SEARCH_MATCH_LIMIT, searchWord } from '../../rules/search';
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
    (select count(*)::int from videos v where v.contentsid = l.contentsid and v.hidden_at is null) as videocount,
    (select coalesce(sum(v.duration_sec), 0)::int from videos v where v.contentsid = l.contentsid and v.hidden_at is null) as totalduration,
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
  /** The order's columns and `contentsid`, as `l.` columns (what a walk of its index carries). */
  const columns = sql.raw([...new Set(['contentsid', ...keys.map(([column]) => column)])].map((c) => `l.${c}`).join(', '));
  return { forward: by(false), backward: by(true), columns };
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

/** A word of one or two letters without a like wildcard: no trigram, looked up by its letters (`grams`, migration 016). */
const isShortWord = (text: string) => [...text].length <= 2 && !/[%_\\]/.test(text);

/**
 * The search's test of each lecture: its title, teacher, a tag or its summary contains `word` (a `searchWord`), spaces
 * ignored, or its 초성 do (migration 043).
 */
const contains = (word: string) => sql`l.search_text like ${`%${word}%`}`;

/** The line of each field in lecture_keys.search_text (migration 043). */
const FIELD_LINES = { title: 1, teacher: 2, tags: 3, summary: 4 } as const;

/** Where `word` matched in `l.search_text`: its best field's rank (SEARCH_FIELD_RANK), read from that field's line alone. */
const matchRank = (word: string) =>
  sql`least(${sql.join(
    Object.entries(FIELD_LINES).map(
      ([field, line]) =>
        sql`case when split_part(l.search_text, E'\n', ${sql.lit(line)}) like ${`%${word}%`} then ${sql.lit(
          SEARCH_FIELD_RANK[field as keyof typeof FIELD_LINES],
        )} else 9 end`,
    ),
  )})`;

/**
 * How far a short word's search walks its order before it looks the word up by its letters instead: a word in at least
 * a tenth of the lectures walked finds its SEARCH_MATCH_LIMIT matches within it.
 */
export const SHORT_WORD_WALK = 10_000;

/**
 * A page of a search: the first SEARCH_MATCH_LIMIT lectures whose search text contains `text`, within `shelf` (which
 * names `l.categoryid` and `l.is_ebook` only, as constants: `inCategories`), in the list's order (`ranked`: those same
 * matches by where the word matched, then in the list's order), and their number.
 * Every list order's index carries the search text, category and kind (migration 028), so walking it reads no
 * lecture row (issue 27). A word of three letters or more is one statement: the planner weighs walking the order,
 * stopping at the limit, against the word's trigram rows (intersected with the category's in a bitmap) sorted, from
 * the word's share and the shelf's constants. A word of one or two letters has no trigram and its share is weighed
 * twice by a planner that sees both the like and the letters (호흡, a fifth of the catalogue, looked rare and was read
 * whole): it walks at most `walk` lectures of its order first, and only a word too rare for that walk is looked up by
 * its letters and sorted (a few thousand lectures at most).
 */
export async function searchedLecturePage(
  db: Db,
  q: { text: string; shelf?: RawBuilder<unknown> | undefined; ranked?: boolean },
  order: ListOrder,
  limit: number,
  offset: number,
  walk = SHORT_WORD_WALK,
  sortedInShelf = SHELF_MATCHES_SORTED,
  readWhole = SHELF_READ_WHOLE,
  headWalk = SHELF_HEAD_WALK,
) {
  const shelf = q.shelf ?? sql`true`;
  const word = searchWord(q.text);
  const found = (ids: RawBuilder<unknown>) => sql<FoundRow>`with m as materialized (select array(${ids}) as ids)
    select cardinality(ids) as n, coalesce(ids[${offset + 1}:${offset + limit}], '{}') as ids from m`;
  // Ranked, the same first SEARCH_MATCH_LIMIT matches are put in order of where the word matched, each rank in the
  // list's order: the rank reads the search text the walk already carries, so the cost stays bounded (issue 42).
  const firstMatches = (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    const first = sql`select ${order.columns}, l.search_text from ${from} l where ${where} order by ${order.forward} limit ${SEARCH_MATCH_LIMIT}`;
    if (!q.ranked)
      return sql`select l.contentsid from ${from} l where ${where} order by ${order.forward} limit ${SEARCH_MATCH_LIMIT}`;
    return sql`select l.contentsid from (${first}) l order by ${matchRank(word)}, ${order.forward}`;
  };
  // Within a shelf the word's spread decides (issue 43). A shelf of at most `readWhole` lectures is read whole from
  // lecture_keys_category_search (its categories' search text and every order's keys, migration 049), index-only, and
  // its matches sorted: no walk past other shelves, no lecture row. In a larger shelf the word's matches there are read
  // from the word's index first, and while they are few (a word concentrated in other shelves, or rare) they are the
  // answer, sorted; a word with more matches walks the order as before, where it finds them soon.
  if (q.shelf && (await countLectures(db, shelf, true)) <= readWhole) {
    const read = sql`(select l.contentsid, l.created_at, l.popularity, l.ratingavg, l.saleprice, l.search_text
      from lecture_keys l where ${shelf} offset 0)`;
    return detailPage(db, await plannedAs(db, INDEX_ONLY, found(firstMatches(read, contains(word)))));
  }
  const indexed = isShortWord(word) ? sql`l.grams @> array[${word}::text]` : !/[%_\\]/.test(word) && contains(word);
  if (q.shelf && indexed) {
    // The head of the order first, whatever its shelf (index-only): a word common in a large shelf is answered there.
    const head = sql`(select ${order.columns}, l.categoryid, l.is_ebook, l.search_text from lecture_keys l order by ${order.forward} limit ${headWalk})`;
    const headPage = await one(db, found(firstMatches(head, sql`${contains(word)} and ${shelf}`)));
    if (headPage?.n === SEARCH_MATCH_LIMIT) return detailPage(db, headPage);
    const probed = await matchesInShelf(db, indexed, q.shelf, (c) => found(firstMatches(c, sql`true`)), sortedInShelf);
    if (probed) return detailPage(db, probed);
  }
  if (!isShortWord(word)) return pageOfFound(db, found(firstMatches(sql`lecture_keys`, sql`${contains(word)} and ${shelf}`)));
  // The walk, cut at `walk` lectures of the shelf, reads only the order's index; its matches are the answer when they
  // reach the limit or the walk covered the whole shelf.
  const walked = sql`(select ${order.columns}, l.search_text from lecture_keys l where ${shelf} order by ${order.forward} limit ${walk})`;
  const page = await one(db, found(firstMatches(walked, contains(word))));
  if (page && (page.n === SEARCH_MATCH_LIMIT || (await countLectures(db, shelf, true)) <= walk)) return detailPage(db, page);
  // The letters hold the word exactly when the text contains it; `offset 0` keeps the planner from walking the order.
  const lettered = sql`(select ${order.columns}, l.search_text from lecture_keys l where l.grams @> array[${word}::text] and ${shelf} offset 0)`;
  return pageOfFound(db, found(firstMatches(lettered, sql`true`)));
}

/**
 * How many of a word's matches within a shelf are read from the word's index and sorted before the search walks the
 * list's order instead. Those reads fetch lecture rows (the walk reads an index alone), each a page of a table its
 * updates bloat: 2,100 of them took 60 ms on a store-loaded lecture_keys of 864 MB (issue 43), so the bound is small.
 */
export const SHELF_MATCHES_SORTED = 500;

/**
 * The word's matches within the shelf, by the word's index (`test`: its trigrams or letters) intersected with the
 * category's in a bitmap, the planner allowed no other path: a word concentrated in other shelves then costs its few
 * matches here, not a walk past every lecture of the others (issue 43). Undefined when more than `bound` match: the
 * caller walks instead. `answer` pages what was read (a relation `c` of the walk's columns).
 */
async function matchesInShelf(
  db: Db,
  test: RawBuilder<unknown>,
  shelf: RawBuilder<unknown>,
  answer: (c: RawBuilder<unknown>) => RawBuilder<FoundRow>,
  bound = SHELF_MATCHES_SORTED,
): Promise<FoundRow | undefined> {
  const row = await plannedAs(
    db,
    BITMAP_ONLY,
    sql<FoundRow & { seen: number }>`with c as materialized (
        select l.contentsid, l.created_at, l.popularity, l.ratingavg, l.saleprice, l.search_text
        from lecture_keys l where ${test} and ${shelf} limit ${bound + 1})
      select (select count(*)::int from c) as seen, f.* from (${answer(sql`c`)}) f`,
  );
  return row && row.seen <= bound ? { n: row.n, ids: row.ids } : undefined;
}

/**
 * How many lectures a shelf may hold to be read whole for a search (the category index, index-only): at 100k
 * lectures one category of ~11,000 reads in a few ms whatever the word, where walking the list's order for it passed
 * the other categories' 90,000 (issue 43). A larger shelf (a root or subtree of several categories, a kind) is a large
 * share of the catalogue, so the walk of the order meets its lectures often.
 */
export const SHELF_READ_WHOLE = 20_000;

/**
 * How many lectures at the head of the list's order a search within a large shelf reads first (an index alone, a few
 * ms): a word in a tenth of them or more finds its matches there (호흡 or 리포머 in a root of 44,000 at 100k).
 */
export const SHELF_HEAD_WALK = 20_000;

/**
 * The planner's paths turned off for one statement: bitmap scans of the word's index, or an index alone. And JIT: a
 * path turned off counts as a cost of 10^10, which set PostgreSQL compiling the statement (190 of its 265 ms).
 */
const BITMAP_ONLY = ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan', 'jit'];
const INDEX_ONLY = ['enable_seqscan', 'enable_indexscan', 'enable_bitmapscan', 'jit'];

/**
 * One row of `query`, the planner allowed none of `off` (for its transaction only: inside a caller's transaction the
 * settings it had are put back after).
 */
async function plannedAs<R>(db: Db, off: string[], query: RawBuilder<R>): Promise<R | undefined> {
  const run = async (tx: Db) => {
    const [before] = (await sql<{ settings: string[] }>`select array[${sql.join(off.map((s) => sql`current_setting(${s})`))}] as settings`.execute(tx)).rows;
    await sql`select ${sql.join(off.map((s) => sql`set_config(${s}, 'off', true)`))}`.execute(tx);
    const row = await one(tx, query);
    await sql`select ${sql.join(off.map((s, i) => sql`set_config(${s}, ${before!.settings[i]}, true)`))}`.execute(tx);
    return row;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** What a match found: how many, and the ids of the page, in their order. */
interface FoundRow {
  n: number;
  ids: number[];
}

/** Details the ids a match found, in their order. */
async function pageOfFound(db: Db, found: RawBuilder<FoundRow>) {
  return detailPage(db, await one(db, found));
}

async function detailPage(db: Db, row: FoundRow | undefined) {
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
  plannedOnce = false,
): Promise<{ lecture: Lecture; beside: R }[]> {
  const found = await all(
    db,
    sql<LectureRow & { beside: R }>`${sql.raw(plannedOnce ? PLANNED_ONCE : '')}select l.*, row_to_json(x) as beside from (${rows}) x
      join lateral (${detailsSql(sql`array[x.contentsid]::int[]`)}) l on true order by ${order}`,
  );
  return found.map((r) => ({ lecture: toLecture(r), beside: r.beside }));
}
