import { sql } from 'kysely';
import { fail, ok, type Handler } from './context';
import { bannerRecords } from '../banners';
import { countLectures, iso, lectureOr404, lectures, page, pageOf } from './shared';

const sortSql = (s: string | undefined) =>
  ({ popular: sql`l.popularity desc, l.contentsid`, rating: sql`l.ratingavg desc, l.contentsid`, pricelow: sql`l.saleprice asc, l.contentsid`, pricehigh: sql`l.saleprice desc, l.contentsid` } as Record<string, any>)[s ?? ''] ?? sql`l.created_at desc, l.contentsid desc`;

export const catalog: Record<string, Handler> = {
  async getCategories({ s, query }) {
    const rows = await sql<any>`
      select c.*, coalesce(gp.categoryid, p.categoryid, c.categoryid) as rootid,
        exists(select 1 from categories k where k.pcategoryid = c.categoryid) as haschildren
      from categories c
      left join categories p on p.categoryid = c.pcategoryid and c.pcategoryid <> 0
      left join categories gp on gp.categoryid = p.pcategoryid and p.pcategoryid <> 0
      where c.isactive = ${query.isactive ?? 1} or ${query.isactive ?? 1} = 0
      order by c.depth, c.sort`.execute(s.db);
    const root = query.pcategoryid ?? 0;
    return ok(rows.rows.filter((r) => root === 0 || r.rootid === root).map((r) => ({
      id: r.categoryid, categoryid: r.categoryid, pcategoryid: r.rootid, parentID: r.pcategoryid, ctgrname: r.ctgrname, ctgrengname: r.ctgrengname, hasChildren: r.haschildren,
    })));
  },

  async getOnlineLectures({ s, body }) {
    const p = page(body);
    const conds = [sql`true`];
    if (body.categoryid) conds.push(sql`(l.categoryid = ${body.categoryid} or l.categoryid in (select categoryid from categories where pcategoryid = ${body.categoryid}) or l.rootid = ${body.categoryid})`);
    if (body.pcategoryid) conds.push(sql`l.rootid = ${body.pcategoryid}`);
    if (body.schtext) conds.push(sql`(l.title ilike ${'%' + body.schtext + '%'} or l.tagtext ilike ${'%' + body.schtext + '%'} or l.teacher ilike ${'%' + body.schtext + '%'})`);
    if (body.tag) conds.push(sql`exists(select 1 from tags t where t.contentsid = l.contentsid and t.tag = ${body.tag})`);
    if (body.itemtype) conds.push(body.itemtype === 'ebook' ? sql`l.is_ebook` : body.itemtype === 'lecture' ? sql`not l.is_ebook` : sql`false`);
    const where = sql.join(conds, sql` and `);
    const [list, total] = await Promise.all([lectures(s.db, where, sortSql(body.sortType), p.pageSize, p.offset), countLectures(s.db, where)]);
    return ok(pageOf(list, total, p));
  },

  async getRecentOnlineLectures({ s, body }) {
    return ok(await lectures(s.db, sql`true`, sql`l.created_at desc, l.contentsid desc`, body.count));
  },
  async getPopularOnlineLectures({ s, body }) {
    return ok(await lectures(s.db, sql`true`, sql`l.popularity desc, l.contentsid`, body.count));
  },
  async getMainContents({ s }) {
    const groups = [
      { typeid: 1, type: 'best', title: '베스트 클래스', where: sql`l.main_type = 'best'` },
      { typeid: 2, type: 'new', title: '신규 클래스', where: sql`l.main_type = 'new'` },
      { typeid: 3, type: 'recommend', title: '추천 클래스', where: sql`l.main_type = 'recommend'` },
      { typeid: 4, type: 'free', title: '무료 클래스', where: sql`l.saleprice = 0` },
    ];
    return ok(await Promise.all(groups.map(async ({ where, ...g }) => ({ ...g, lectures: await lectures(s.db, where, sql`l.contentsid`, 8) }))));
  },
  async getOrderLectures({ s, body }) {
    const ids: number[] = body.contentsids;
    if (ids.length === 0) return ok([]);
    const list = await lectures(s.db, sql`l.contentsid in (${sql.join(ids)})`);
    if (list.length === 0) return fail(404, '요청하신 강의를 찾을 수 없습니다.');
    return ok(list);
  },
  async getPublisherLectures({ s, body }) {
    const p = page(body);
    const where = sql`l.teacher = ${body.teachername} and l.contentsid <> ${body.excludecontentsid ?? 0}`;
    const [list, total] = await Promise.all([lectures(s.db, where, sql`l.contentsid`, p.pageSize, p.offset), countLectures(s.db, where)]);
    return ok(pageOf(list, total, p));
  },
  async getSimilarOnlineLectures({ s, body }) {
    const l = await lectureOr404(s.db, body.contentsid);
    return ok(await lectures(s.db, sql`l.rootid = ${l.pcategoryid} and l.contentsid <> ${l.contentsid}`, sql`l.popularity desc`, body.count ?? 4));
  },
  async getTags({ s, body }) {
    const rows = await sql<any>`
      select min(t.tag) as name, count(*)::int as count from tags t
      where ${body.contentsid} = 0 or t.tag in (select tag from tags where contentsid = ${body.contentsid})
      group by t.tag order by count(*) desc, t.tag`.execute(s.db);
    return ok(rows.rows.map((r, i) => ({ tagid: i + 1, name: r.name, count: r.count })));
  },
  async getCurriculumSections({ s, params }) {
    await lectureOr404(s.db, params.contentsid);
    const rows = await sql<any>`
      select s.*, count(v.videoid)::int as videocount, coalesce(sum(v.duration_sec), 0)::int as totalduration
      from sections s left join videos v on v.sectionid = s.sectionid
      where s.contentsid = ${params.contentsid} group by s.sectionid order by s.sort`.execute(s.db);
    return ok(rows.rows.map((r) => ({ sectionid: r.sectionid, contentsid: r.contentsid, title: r.title, sortorder: r.sort, videocount: r.videocount, totalduration: r.totalduration })));
  },
  async getBanners({ s }) {
    return ok(await bannerRecords(s.db));
  },
  async getBranch({ s }) {
    // The product has one branch: every region answers with Seoul (spec §9).
    const rows = await sql<any>`select * from branches order by branchid`.execute(s.db);
    return ok(rows.rows.map((b) => ({ branchid: b.branchid, region: 'Seoul', name: b.name, address: b.address, phone: b.phone, openhours: b.hours, latitude: 37.5006, longitude: 127.0364 })));
  },
  async getStats({ s }) {
    const r = (await sql<any>`select s.*, (select count(*)::int from lectures) as lecturecnt, (select count(*)::int from ratings) as reviewcnt,
      (select coalesce(round(avg(ratescore)::numeric, 1), 0)::float8 from ratings) as ratingavg, (select count(*)::int from enrollments) as enrolled
      from stats s where statid = 1`.execute(s.db)).rows[0];
    return ok({ membercnt: r.members, lecturecnt: r.lecturecnt, studentcnt: r.members + r.enrolled, reviewcnt: r.reviewcnt, teachercnt: r.teachers, ratingavg: Number(r.ratingavg) });
  },
  async getReviews({ s, body }) {
    const p = page(body);
    const order = body.sortType === 'high' ? sql`r.ratescore desc, r.ratingid desc` : body.sortType === 'low' ? sql`r.ratescore asc, r.ratingid desc` : sql`r.created_at desc, r.ratingid desc`;
    const rows = await sql<any>`select r.*, l.title as lecturetitle, l.thumbnail from ratings r join lectures l on l.contentsid = r.contentsid order by ${order} limit ${p.pageSize} offset ${p.offset}`.execute(s.db);
    const total = (await sql<{ n: number }>`select count(*)::int as n from ratings`.execute(s.db)).rows[0]!.n;
    return ok(pageOf(rows.rows.map((r) => ({ reviewid: r.ratingid, contentsid: r.contentsid, lecturetitle: r.lecturetitle, thumbnail: r.thumbnail, username: r.username, ratescore: r.ratescore, content: r.content, regdate: iso(r.created_at) })), total, p));
  },
};
