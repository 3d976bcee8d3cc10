import { onMediaOrigin } from '../lib/mediaOrigin';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { BranchRow, CategoryRow, CountRow, EnrollmentRow, SectionRow } from '../db/rows';
import { all, one } from '../db/query';
import { bannerRecords } from '../domain/banners';
import { certificateTermsOf } from '../domain/certificates';
import { isoOrNull } from '../lib/time';
import { fail } from '../lib/failure';
import {
  categorySubtree,
  countLectures,
  inCategories,
  inCategory,
  lectureOr404,
  lecturePage,
  lectures,
  listOrder,
  searchedLecturePage,
  LECTURE_RECORD_TABLES,
  type ListOrder,
} from '../domain/lectures';
import { page, pageOf } from '../domain/paging';
import { ownUser } from '../domain/access';
import { PUBLISHED, VIDEO_LISTED, classViewOr404 } from '../domain/classVisibility';
import { progressOf, toVideo, videoRows } from '../domain/videos';
import { ok, type Handlers } from '../openapi/typed';
import { BUSINESS } from '../../rules/business';
import { reads, uncachedRead, bodyField, keyed, type CacheTable } from '../openapi/cacheTags';

const SORTS: Record<string, ListOrder> = {
  popular: listOrder(['popularity', 'desc'], ['contentsid', 'asc']),
  rating: listOrder(['ratingavg', 'desc'], ['contentsid', 'asc']),
  pricelow: listOrder(['saleprice', 'asc'], ['contentsid', 'asc']),
  pricehigh: listOrder(['saleprice', 'desc'], ['contentsid', 'asc']),
};
const RECENT = listOrder(['created_at', 'desc'], ['contentsid', 'desc']);
const sortOf = (s: string | undefined) => SORTS[s ?? ''] ?? RECENT;
/** The refusal of a search within a tag (openapi getOnlineLectures). */
const SEARCH_WITH_TAG = '검색어와 태그는 함께 찾을 수 없습니다. 검색어나 태그 중 하나로 찾아주세요.';

/** A tag's kept number of lectures (tag_counts, migration 012). */
const tagCount = async (db: Db, tag: string) =>
  (await one(db, sql<CountRow>`select n from tag_counts where tag = ${tag}`))?.n ?? 0;

const mediaUrl = (path: string) => onMediaOrigin(`/api/Media/DataGetMedia?path=${encodeURIComponent(path)}`);

interface CategoryTreeRow extends CategoryRow {
  rootid: number;
  haschildren: boolean;
}

/** Catalogue reads: categories, lecture lists and details, curricula, banners, the branch. */
export const catalog = {
  async getCategories({ s, query }) {
    const active = query.isactive ?? 1;
    const rows = await all(
      s.db,
      sql<CategoryTreeRow>`
      select c.*, coalesce(gp.categoryid, p.categoryid, c.categoryid) as rootid,
        exists(select 1 from categories k where k.pcategoryid = c.categoryid) as haschildren
      from categories c
      left join categories p on p.categoryid = c.pcategoryid and c.pcategoryid <> 0
      left join categories gp on gp.categoryid = p.pcategoryid and p.pcategoryid <> 0
      where c.isactive = ${active} or ${active} = 0
      order by c.depth, c.sort`,
    );
    const root = query.pcategoryid ?? 0;
    return ok(
      rows
        .filter((r) => root === 0 || r.rootid === root)
        .map((r) => ({
          id: r.categoryid,
          categoryid: r.categoryid,
          pcategoryid: r.rootid,
          parentID: r.pcategoryid,
          ctgrname: r.ctgrname,
          ctgrengname: r.ctgrengname,
          hasChildren: r.haschildren,
        })),
    );
  },

  async getOnlineLectures({ s, body }) {
    // A word within a tag has no index that bounds it (issue 27) and the app never asks for both (openapi getOnlineLectures).
    if (body.schtext && body.tag) return fail(400, SEARCH_WITH_TAG);
    const p = page(body);
    const order = sortOf(body.sortType);
    // The shelf (categories and kind) is named by constants: the category subtree is resolved first (issue 27).
    let categories: number[] | undefined;
    if (body.categoryid) categories = await categorySubtree(s.db, body.categoryid);
    if (body.pcategoryid) {
      const root = await categorySubtree(s.db, body.pcategoryid, true);
      categories = categories ? categories.filter((c) => root.includes(c)) : root;
    }
    // A kind alone is named by its categories too, so its lectures are a range of the category index.
    if (body.itemtype && !categories)
      categories = (
        await all(s.db, sql<{ categoryid: number }>`select distinct categoryid from category_counts where n > 0 order by 1`)
      ).map((r) => r.categoryid);
    const shelfConds = [
      ...(categories ? [inCategories(categories)] : []),
      ...(body.itemtype ? [body.itemtype === 'ebook' ? sql`l.is_ebook` : body.itemtype === 'lecture' ? sql`not l.is_ebook` : sql`false`] : []),
    ];
    const shelf = shelfConds.length ? sql.join(shelfConds, sql` and `) : undefined;
    if (categories?.length === 0) return ok(pageOf([], 0, p));
    if (body.schtext) {
      // Without a sort the member chose, the best match comes first: title, then tags and summary, then teacher (issue 42).
      const q = { text: body.schtext, shelf, ranked: !body.sortType };
      const { list, total } = await searchedLecturePage(s.db, q, order, p.pageSize, p.offset);
      return ok(pageOf(list, total, p));
    }
    if (body.tag) {
      // A tag's lectures are a range of tag_keys (migration 015), which carries each lecture's category and kind (027):
      // within a shelf they are counted in one index range, and any page is read from the nearer end of its order.
      const where = sql.join([sql`l.tag = ${body.tag}`, ...shelfConds], sql` and `);
      const total = shelf
        ? ((await one(s.db, sql<CountRow>`select count(*)::int as n from tag_keys l where ${where}`))?.n ?? 0)
        : await tagCount(s.db, body.tag);
      const list = await lecturePage(s.db, where, order, p.pageSize, p.offset, total, sql`tag_keys`);
      return ok(pageOf(list, total, p));
    }
    // Without search or tag the total is kept (category_counts): known first, it lets a deep page be read from the
    // nearer end of its order, on lecture_keys, whose order indexes carry the category and kind (migration 028): a
    // deep page within a category walks an index alone (category 311 by price, page 400: 23-45 → 8-13 ms at load 14).
    const where = shelf ?? sql`true`;
    const total = await countLectures(s.db, where, true);
    const list = await lecturePage(s.db, where, order, p.pageSize, p.offset, total, sql`lecture_keys`);
    return ok(pageOf(list, total, p));
  },

  async getRecentOnlineLectures({ s, body }) {
    return ok(await lectures(s.db, PUBLISHED, sql`l.created_at desc, l.contentsid desc`, body.count));
  },
  async getPopularOnlineLectures({ s, body }) {
    return ok(await lectures(s.db, PUBLISHED, sql`l.popularity desc, l.contentsid`, body.count));
  },
  async getMainContents({ s }) {
    const groups = [
      { typeid: 1, type: 'best', title: '베스트 클래스', where: sql`l.main_type = 'best'` },
      { typeid: 2, type: 'new', title: '신규 클래스', where: sql`l.main_type = 'new'` },
      { typeid: 3, type: 'recommend', title: '추천 클래스', where: sql`l.main_type = 'recommend'` },
      { typeid: 4, type: 'free', title: '무료 클래스', where: sql`l.saleprice = 0` },
    ] as const;
    return ok(
      await Promise.all(
        groups.map(async ({ where, ...g }) => ({ ...g, lectures: await lectures(s.db, sql`${where} and ${PUBLISHED}`, sql`l.contentsid`, 8) })),
      ),
    );
  },
  async getOrderLectures({ s, body }) {
    const ids = [...new Set(body.contentsids)];
    if (ids.length === 0) return ok([]);
    const found = new Map((await lectures(s.db, sql`l.contentsid in (${sql.join(ids)}) and ${PUBLISHED}`)).map((l) => [l.contentsid, l] as const));
    // An order names every class it sells: one unknown id makes the whole order unknown (the yaml's 404).
    const list = ids.map((id) => found.get(id));
    if (list.some((l) => !l)) return fail(404, '요청하신 강의를 찾을 수 없습니다.');
    return ok(list.filter((l) => !!l));
  },
  async getPublisherLectures({ s, body }) {
    const p = page(body);
    const where = sql`l.teacher = ${body.teachername} and l.contentsid <> ${body.excludecontentsid ?? 0} and ${PUBLISHED}`;
    const [list, total] = await Promise.all([
      lectures(s.db, where, sql`l.contentsid`, p.pageSize, p.offset),
      countLectures(s.db, where),
    ]);
    return ok(pageOf(list, total, p));
  },
  async getSimilarOnlineLectures({ s, body }) {
    const l = await lectureOr404(s.db, body.contentsid);
    const where = sql`${inCategory(l.pcategoryid, true)} and l.contentsid <> ${l.contentsid} and ${PUBLISHED}`;
    return ok(await lectures(s.db, where, sql`l.popularity desc, l.contentsid`, body.count ?? 4));
  },
  async getTags({ s, body }) {
    const rows = await all(
      s.db,
      // tag_counts is kept by a trigger on tags (migration 012): no grouping of every tag row per read.
      sql<{ name: string; count: number }>`
      select tag as name, n as count from tag_counts
      where n > 0 and ${body.contentsid === 0 ? sql`true` : sql`tag in (select tag from tags where contentsid = ${body.contentsid})`}
      order by n desc, tag`,
    );
    return ok(rows.map((r, i) => ({ tagid: i + 1, name: r.name, count: r.count })));
  },
  async getCurriculumSections({ s, params }) {
    // Public and cached for every caller alike: a class the store does not show is 404 here (its buyers use the player).
    await classViewOr404(s.db, params.contentsid);
    const rows = await all(
      s.db,
      sql<SectionRow & { videocount: number; totalduration: number }>`
      select s.*, count(v.videoid)::int as videocount, coalesce(sum(v.duration_sec), 0)::int as totalduration
      from sections s left join videos v on v.sectionid = s.sectionid and ${VIDEO_LISTED}
      where s.contentsid = ${params.contentsid} group by s.sectionid order by s.sort`,
    );
    return ok(
      rows.map((r) => ({
        sectionid: r.sectionid,
        contentsid: r.contentsid,
        title: r.title,
        sortorder: r.sort,
        videocount: r.videocount,
        totalduration: r.totalduration,
      })),
    );
  },
  async getCurriculumList({ s, body }) {
    await classViewOr404(s.db, body.contentsid);
    const sections = await all(s.db, sql<SectionRow>`select * from sections where contentsid = ${body.contentsid} order by sort`);
    // The public curriculum: no member's progress, and media paths only for previews.
    const vids = (await videoRows(s.db, body.useruid ?? '', sql`v.contentsid = ${body.contentsid}`)).map((v) => ({
      ...v,
      owned: false,
      watched: 0,
      completed: false,
    }));
    return ok(
      sections.map((sec) => {
        const videos = vids.filter((v) => v.sectionid === sec.sectionid).map(toVideo);
        return {
          sectionid: sec.sectionid,
          contentsid: sec.contentsid,
          title: sec.title,
          sortorder: sec.sort,
          videocount: videos.length,
          totalduration: videos.reduce((a, v) => a + v.duration, 0),
          videos,
        };
      }),
    );
  },
  async getOnlineDetail(ctx) {
    // /classView is public: a visitor sends useruid 0 and no token (openapi getOnlineDetail).
    const me = ctx.params.useruid === '0' && !ctx.member ? '0' : ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    // A class the store does not show: only its buyers still see its page.
    await classViewOr404(db, ctx.params.contentsid, me === '0' ? undefined : me);
    const l = await lectureOr404(db, ctx.params.contentsid);
    const e = await one(db, sql<EnrollmentRow>`select * from enrollments where useruid = ${me} and contentsid = ${l.contentsid}`);
    const preview = await one(
      db,
      sql<{ path: string }>`select path from videos v where v.contentsid = ${l.contentsid} and v.is_preview and ${VIDEO_LISTED} order by v.videoid limit 1`,
    );
    const row = await one(
      db,
      sql<{ description: string; teacher: string; certificate_progress: number; pass_score: number | null; required_progress: number | null }>`
      select l.description, l.teacher, l.certificate_progress, q.pass_score, q.required_progress
      from lectures l left join quizzes q on q.contentsid = l.contentsid and q.retired_at is null where l.contentsid = ${l.contentsid}`,
    );
    const incart = await one(db, sql`select 1 from carts where useruid = ${me} and contentsid = ${l.contentsid}`);
    return ok({
      ...l,
      description: row?.description ?? '',
      teacherintro: `<p>${row?.teacher ?? ''} — ${BUSINESS.company} 전문 강사</p>`,
      previewurl: preview ? mediaUrl(preview.path) : null,
      options: [
        { optionvalue: String(l.period), name: `${l.period}일 수강권`, price: l.price, saleprice: l.saleprice, period: l.period },
      ],
      ispurchased: !!e,
      isincart: !!incart,
      expiredate: isoOrNull(e?.end_at),
      progress: e ? await progressOf(db, me, l.contentsid) : null,
      firstplaydate: isoOrNull(e?.first_play_at),
      certificaterule: row ? certificateTermsOf(row) : null,
    });
  },
  async getBanners({ s }) {
    return ok(await bannerRecords(s.db));
  },
  async getBranch({ s }) {
    // The product has one branch: every region answers with Seoul (spec §9).
    const rows = await all(s.db, sql<BranchRow>`select * from branches order by branchid`);
    return ok(
      rows.map((b) => ({
        branchid: b.branchid,
        region: 'Seoul' as const,
        name: b.name,
        address: b.address,
        phone: b.phone,
        openhours: b.hours,
        latitude: 37.5006,
        longitude: 127.0364,
      })),
    );
  },
} satisfies Partial<Handlers>;

/** One lecture's curriculum: its row (existence), its sections and videos. */
const curriculumOf = (contentsid: unknown) => [keyed('lectures', contentsid), keyed('sections', contentsid), keyed('videos', contentsid)];

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const catalogCache = {
  getCategories: reads(['categories']),
  getOnlineLectures: reads(LECTURE_RECORD_TABLES),
  getRecentOnlineLectures: reads(LECTURE_RECORD_TABLES),
  getPopularOnlineLectures: reads(LECTURE_RECORD_TABLES),
  getMainContents: reads(LECTURE_RECORD_TABLES),
  getOrderLectures: reads(LECTURE_RECORD_TABLES),
  getPublisherLectures: reads(LECTURE_RECORD_TABLES),
  getSimilarOnlineLectures: reads(LECTURE_RECORD_TABLES),
  getTags: reads(['tags']),
  getCurriculumSections: reads((i) => curriculumOf(i.params?.contentsid)),
  getCurriculumList: reads((i) => curriculumOf(bodyField(i, 'contentsid'))),
  getOnlineDetail: uncachedRead,
  getBanners: reads(['banners']),
  getBranch: reads(['branches']),
} satisfies CacheTable<typeof catalog>;
