import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all, one, containsPattern } from '../db/query';
import { fail } from '../lib/failure';
import { sanitizeHtml } from '../lib/sanitizeHtml';
import { iso, isoOrNull, kst } from '../lib/time';
import { BUSINESS } from '../../rules/business';
import { recordAudit, type AuditActor } from './audit';
import { categorySubtree } from './lectures';
import type { Staff } from './staff';
import type { ClassState } from './classVisibility';

/**
 * The console's class authoring (issue 38): classes, their states and curricula, as staff write them. Every write runs
 * in one transaction that first locks its class row (two editors of one class take turns), checks the staff member's
 * scope (an instructor: only the classes whose teacher is their name), and appends one audit entry.
 */
export type AdminClass = components['schemas']['AdminClass'];
type AdminClassSummary = components['schemas']['AdminClassSummary'];
type ClassInput = components['schemas']['AdminClassInput'];
type ClassQuery = components['schemas']['AdminClassQuery'];
type CurriculumOrder = components['schemas']['AdminCurriculumOrder'];
type LectureInput = components['schemas']['AdminLectureInput'];

export const NOT_YOUR_CLASS = '담당하는 클래스만 관리할 수 있습니다.';
export const NO_TEACHER_CHANGE = '강사는 담당 강사를 바꿀 수 없습니다.';
export const SALE_ABOVE_PRICE = '할인가는 정가보다 높을 수 없습니다.';
export const NO_SUCH_CATEGORY = '선택한 카테고리가 없습니다.';
export const CURRICULUM_CHANGED = '커리큘럼이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';
export const SECTION_NOT_EMPTY = '강의가 있는 섹션은 삭제할 수 없습니다. 강의를 먼저 옮기거나 삭제해주세요.';
export const BOUGHT_NOT_DRAFT = '수강한 회원이 있는 클래스는 초안으로 되돌릴 수 없습니다. 판매를 멈추려면 숨김으로 바꿔주세요.';
export const NOTHING_TO_PUBLISH = '공개된 강의가 없는 클래스는 게시할 수 없습니다. 강의를 먼저 추가해주세요.';
export const BAD_CURSOR = '목록 위치가 올바르지 않습니다. 처음부터 다시 불러와주세요.';
const CLASS_NOT_FOUND = '요청하신 클래스를 찾을 수 없습니다.';
const SECTION_NOT_FOUND = '요청하신 섹션을 찾을 수 없습니다.';
const LECTURE_NOT_FOUND = '요청하신 강의를 찾을 수 없습니다.';

/** Who writes, as the dispatcher put them on the context (role already checked against `x-staff-roles`). */
export type Author = AuditActor & { staff?: Staff | undefined };

interface ClassRow {
  contentsid: number;
  title: string;
  subtitle: string;
  description: string;
  teacher: string;
  categoryid: number;
  categoryname: string;
  state: ClassState;
  publish_at: string | null;
  price: number;
  saleprice: number;
  period_days: number;
  level: string;
  thumbnail: string;
  created_at: string;
  lecturecount: number;
  enrolled: number;
}

const staffOf = (author: Author): Staff => {
  if (!author.staff) throw new Error('a console operation without its staff member');
  return author.staff;
};

/** An instructor manages the classes they teach only; owner and operators every class. */
export function mayManage(staff: Staff, teacher: string): boolean {
  return staff.role !== 'instructor' || (!!staff.teachername && staff.teachername === teacher);
}

const summarySql = (where: RawBuilder<unknown>) => sql<ClassRow>`
  select l.contentsid, l.title, l.subtitle, l.description, l.teacher, l.categoryid, c.ctgrname as categoryname, l.state,
    l.publish_at, l.price, l.saleprice, l.period_days, l.level, l.thumbnail, l.created_at,
    (select count(*)::int from videos v where v.contentsid = l.contentsid and v.hidden_at is null) as lecturecount,
    (select count(*)::int from enrollments e where e.contentsid = l.contentsid and e.end_at > ${kst()}) as enrolled
  from lectures l join categories c on c.categoryid = l.categoryid where ${where}`;

const toSummary = (r: ClassRow): AdminClassSummary => ({
  contentsid: r.contentsid,
  title: r.title,
  teacher: r.teacher,
  categoryid: r.categoryid,
  categoryname: r.categoryname,
  state: r.state,
  publishat: isoOrNull(r.publish_at),
  price: r.price,
  saleprice: r.saleprice,
  lecturecount: r.lecturecount,
  enrolled: r.enrolled,
  createdat: iso(r.created_at),
});

/** One class with its whole curriculum, hidden lectures included (marked), as the console edits it; 404 when there is none. */
export async function readClass(db: Db, contentsid: number): Promise<AdminClass> {
  return (await classOf(db, contentsid)) ?? fail(404, CLASS_NOT_FOUND);
}

/** The class as `readClass` answers it, or undefined. */
async function classOf(db: Db, contentsid: number): Promise<AdminClass | undefined> {
  const r = await one(db, summarySql(sql`l.contentsid = ${contentsid}`));
  if (!r) return undefined;
  const [tags, sections, videos] = await Promise.all([
    all(db, sql<{ tag: string }>`select tag from tags where contentsid = ${contentsid} order by tag`),
    all(db, sql<{ sectionid: number; title: string; sort: number }>`select sectionid, title, sort from sections
      where contentsid = ${contentsid} order by sort, sectionid`),
    all(
      db,
      sql<{ videoid: number; sectionid: number; title: string; duration_sec: number; is_preview: boolean; hidden_at: string | null; path: string; sort: number }>`
      select videoid, sectionid, title, duration_sec, is_preview, hidden_at, path, sort from videos
      where contentsid = ${contentsid} order by sort, videoid`,
    ),
  ]);
  return {
    ...toSummary(r),
    subtitle: r.subtitle,
    description: r.description,
    perioddays: r.period_days,
    level: r.level,
    tags: tags.map((t) => t.tag),
    thumbnail: r.thumbnail,
    sections: sections.map((s) => ({
      sectionid: s.sectionid,
      title: s.title,
      sort: s.sort,
      lectures: videos
        .filter((v) => v.sectionid === s.sectionid)
        .map((v) => ({
          videoid: v.videoid,
          sectionid: v.sectionid,
          title: v.title,
          durationsec: v.duration_sec,
          ispreview: v.is_preview,
          hidden: v.hidden_at !== null,
          hasvideo: v.path !== '',
          sort: v.sort,
        })),
    })),
  };
}

/** The class a staff member may read: 404 when there is none, 403 for an instructor on another teacher's class. */
export async function classInScope(db: Db, author: Author, contentsid: number, lock = false): Promise<{ teacher: string }> {
  const row = await one(
    db,
    sql<{ teacher: string }>`select teacher from lectures where contentsid = ${contentsid} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return fail(404, CLASS_NOT_FOUND);
  if (!mayManage(staffOf(author), row.teacher)) return fail(403, NOT_YOUR_CLASS);
  return row;
}

/** A section's class, locked and in the author's scope. */
async function sectionInScope(tx: Db, author: Author, sectionid: number) {
  const s = await one(tx, sql<{ contentsid: number; title: string }>`select contentsid, title from sections where sectionid = ${sectionid}`);
  if (!s) return fail(404, SECTION_NOT_FOUND);
  await classInScope(tx, author, s.contentsid, true);
  return s;
}

/** A lecture's class, locked and in the author's scope. */
async function lectureInScope(tx: Db, author: Author, videoid: number) {
  const v = await one(
    tx,
    sql<{ contentsid: number; sectionid: number; title: string; is_preview: boolean; hidden_at: string | null }>`
    select contentsid, sectionid, title, is_preview, hidden_at from videos where videoid = ${videoid}`,
  );
  if (!v) return fail(404, LECTURE_NOT_FOUND);
  await classInScope(tx, author, v.contentsid, true);
  return v;
}

// ------------------------------------------------------------------ the list

interface Cursor {
  sort: 'recent' | 'title';
  key: string;
  id: number;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.sort, c.key, c.id])).toString('base64url');
function decodeCursor(text: string, sort: Cursor['sort']): Cursor {
  try {
    const [s, key, id] = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown[];
    if (s === sort && typeof key === 'string' && Number.isInteger(id)) return { sort, key, id: id as number };
  } catch {
    // refused below
  }
  return fail(400, BAD_CURSOR);
}

/** `like` pattern matching `text` anywhere, its wildcards taken literally. */

/**
 * Classes in every state, keyset-paged: newest first (created_at, contentsid) or by title (title, contentsid), each an
 * index order (lectures_recent, lectures_title). `nextAfter` is the last row's key, opaque (base64url).
 */
export async function listClasses(db: Db, author: Author, q: ClassQuery): Promise<{ list: AdminClassSummary[]; nextAfter: string | null }> {
  const staff = staffOf(author);
  const sort = q.sort ?? 'recent';
  const conds: RawBuilder<unknown>[] = [];
  if (staff.role === 'instructor') conds.push(sql`l.teacher = ${staff.teachername ?? ''}`);
  const words = q.q?.trim();
  if (words) conds.push(sql`(l.title ilike ${containsPattern(words)} or l.teacher ilike ${containsPattern(words)})`);
  if (q.state) conds.push(sql`l.state = ${q.state}`);
  if (q.categoryid) {
    const ids = await categorySubtree(db, q.categoryid);
    conds.push(ids.length ? sql`l.categoryid in (${sql.join(ids)})` : sql`false`);
  }
  if (q.after) {
    const c = decodeCursor(q.after, sort);
    conds.push(sort === 'title' ? sql`(l.title, l.contentsid) > (${c.key}, ${c.id})` : sql`(l.created_at, l.contentsid) < (${c.key}, ${c.id})`);
  }
  const order = sort === 'title' ? sql`l.title, l.contentsid` : sql`l.created_at desc, l.contentsid desc`;
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const rows = await all(db, sql<ClassRow>`${summarySql(where)} order by ${order} limit ${q.limit + 1}`);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextAfter =
    rows.length > q.limit && last ? encodeCursor({ sort, key: sort === 'title' ? last.title : last.created_at, id: last.contentsid }) : null;
  return { list: page.map(toSummary), nextAfter };
}

// ------------------------------------------------------------------ ids

/** Advisory lock key of id assignment (any constant the instances share). */
const ID_LOCK = 2_026_113_801;

const ID_COLUMNS = {
  lectures: 'contentsid',
  sections: 'sectionid',
  videos: 'videoid',
  quizzes: 'quizid',
  quiz_questions: 'questionid',
  pdfs: 'pdfid',
} as const;

/**
 * A new id for `table` from its sequence (migrations 030, 032). Rows written outside the app (the seed after the
 * migrations of an empty database, the scale generator) may lie above the sequence: under a transaction lock the
 * sequence is moved past them first, so ids stay unique under concurrency on PostgreSQL and PGlite.
 */
export async function nextId(tx: Db, table: keyof typeof ID_COLUMNS): Promise<number> {
  const column = ID_COLUMNS[table];
  const seq = `${table}_${column}_seq`;
  await sql`select pg_advisory_xact_lock(${ID_LOCK})`.execute(tx);
  const row = await one(
    tx,
    sql<{ id: number }>`select greatest(nextval(${seq}::regclass), (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)}))::int as id`,
  );
  const id = row!.id;
  await sql`select setval(${seq}::regclass, ${id})`.execute(tx);
  return id;
}

// ------------------------------------------------------------------ class writes

interface ClassFields {
  title: string;
  subtitle: string;
  description: string;
  categoryid: number;
  teacher: string;
  price: number;
  saleprice: number;
  period_days: number;
  level: string;
  tags: string[];
}

/** The input as stored: description sanitised, tags trimmed and once each; prices and category checked. */
async function fieldsOf(tx: Db, input: ClassInput): Promise<ClassFields> {
  if (input.saleprice > input.price) fail(400, SALE_ABOVE_PRICE);
  if (!(await one(tx, sql`select 1 from categories where categoryid = ${input.categoryid}`))) fail(400, NO_SUCH_CATEGORY);
  return {
    title: input.title.trim() || input.title,
    subtitle: input.subtitle,
    description: await sanitizeHtml(input.description),
    categoryid: input.categoryid,
    teacher: input.teacher.trim() || input.teacher,
    price: input.price,
    saleprice: input.saleprice,
    period_days: input.perioddays,
    level: input.level,
    tags: [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))],
  };
}

/** What the audit trail keeps of a class. */
const classTrail = (c: AdminClass) => ({
  title: c.title,
  subtitle: c.subtitle,
  description: c.description,
  categoryid: c.categoryid,
  teacher: c.teacher,
  price: c.price,
  saleprice: c.saleprice,
  perioddays: c.perioddays,
  level: c.level,
  tags: c.tags,
  state: c.state,
  publishat: c.publishat,
});

async function writeTags(tx: Db, contentsid: number, tags: string[]) {
  await sql`delete from tags where contentsid = ${contentsid}`.execute(tx);
  if (tags.length) await sql`insert into tags (contentsid, tag) values ${sql.join(tags.map((t) => sql`(${contentsid}, ${t})`))}`.execute(tx);
}

/** A new class, 초안: in no list of the store until published. Its thumbnail is the generated artwork of its id. */
export async function createClass(db: Db, author: Author, input: ClassInput): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const f = await fieldsOf(tx, input);
    const id = await nextId(tx, 'lectures');
    await sql`insert into lectures (contentsid, categoryid, title, subtitle, description, teacher, price, saleprice, thumbnail,
        level, period_days, publisher, state, created_at)
      values (${id}, ${f.categoryid}, ${f.title}, ${f.subtitle}, ${f.description}, ${f.teacher}, ${f.price}, ${f.saleprice},
        ${`/media/thumbs/${id}.svg`}, ${f.level}, ${f.period_days}, ${BUSINESS.company}, 'draft', ${kst()})`.execute(tx);
    await writeTags(tx, id, f.tags);
    const after = await classOf(tx, id);
    if (!after) throw new Error(`class ${id} not found right after its insert`);
    await recordAudit(tx, author, { operation: 'createAdminClass', objectType: 'class', objectId: id, before: null, after: classTrail(after) });
    return after;
  });
}

export async function updateClass(db: Db, author: Author, contentsid: number, input: ClassInput): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const { teacher } = await classInScope(tx, author, contentsid, true);
    if (staffOf(author).role === 'instructor' && input.teacher.trim() !== teacher) fail(403, NO_TEACHER_CHANGE);
    const f = await fieldsOf(tx, input);
    const before = await readClass(tx, contentsid);
    await sql`update lectures set title = ${f.title}, subtitle = ${f.subtitle}, description = ${f.description},
        categoryid = ${f.categoryid}, teacher = ${f.teacher}, price = ${f.price}, saleprice = ${f.saleprice},
        period_days = ${f.period_days}, level = ${f.level}
      where contentsid = ${contentsid}`.execute(tx);
    if (f.tags.join('\n') !== before.tags.join('\n')) await writeTags(tx, contentsid, f.tags);
    const after = await readClass(tx, contentsid);
    await recordAudit(tx, author, { operation: 'updateAdminClass', objectType: 'class', objectId: contentsid, before: classTrail(before), after: classTrail(after) });
    return after;
  });
}

/**
 * 초안, 게시 (now, or 예약 at a future KST time: the sweep publishes it, server/domain/classVisibility.ts) or 숨김. A class
 * a member bought cannot go back to draft (409); one without a lecture that is not hidden cannot be published (409).
 */
export async function setClassState(
  db: Db,
  author: Author,
  contentsid: number,
  change: { state: 'draft' | 'published' | 'hidden'; publishat?: string | null | undefined },
  now = new Date(),
): Promise<AdminClass> {
  let at: Date | undefined;
  if (change.state === 'published' && change.publishat) {
    at = new Date(change.publishat);
    if (Number.isNaN(at.getTime())) fail(400, '게시 예약 시각이 올바르지 않습니다.');
  }
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const before = await readClass(tx, contentsid);
    if (change.state === 'draft' && (await one(tx, sql`select 1 from enrollments where contentsid = ${contentsid} limit 1`))) {
      fail(409, BOUGHT_NOT_DRAFT);
    }
    if (change.state === 'published' && before.lecturecount === 0) fail(409, NOTHING_TO_PUBLISH);
    const scheduled = at && at.getTime() > now.getTime();
    const state: ClassState = scheduled ? 'scheduled' : change.state;
    await sql`update lectures set state = ${state}, publish_at = ${scheduled ? kst(at) : null}
      where contentsid = ${contentsid}`.execute(tx);
    const after = await readClass(tx, contentsid);
    await recordAudit(tx, author, {
      operation: 'setAdminClassState',
      objectType: 'class',
      objectId: contentsid,
      before: { state: before.state, publishat: before.publishat },
      after: { state: after.state, publishat: after.publishat },
    });
    return after;
  });
}

// ------------------------------------------------------------------ sections and lectures

export async function createSection(db: Db, author: Author, contentsid: number, title: string): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const id = await nextId(tx, 'sections');
    await sql`insert into sections (sectionid, contentsid, title, sort)
      values (${id}, ${contentsid}, ${title.trim() || title},
        (select coalesce(max(sort), 0) + 1 from sections where contentsid = ${contentsid}))`.execute(tx);
    await recordAudit(tx, author, { operation: 'createAdminSection', objectType: 'section', objectId: id, before: null, after: { contentsid, title } });
    return readClass(tx, contentsid);
  });
}

export async function renameSection(db: Db, author: Author, sectionid: number, title: string): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const s = await sectionInScope(tx, author, sectionid);
    await sql`update sections set title = ${title.trim() || title} where sectionid = ${sectionid}`.execute(tx);
    await recordAudit(tx, author, { operation: 'updateAdminSection', objectType: 'section', objectId: sectionid, before: { title: s.title }, after: { title } });
    return readClass(tx, s.contentsid);
  });
}

/** Removes a section that holds no lecture, hidden ones included (409 otherwise). */
export async function deleteSection(db: Db, author: Author, sectionid: number): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const s = await sectionInScope(tx, author, sectionid);
    if (await one(tx, sql`select 1 from videos where sectionid = ${sectionid} limit 1`)) fail(409, SECTION_NOT_EMPTY);
    await sql`delete from sections where sectionid = ${sectionid}`.execute(tx);
    await recordAudit(tx, author, { operation: 'deleteAdminSection', objectType: 'section', objectId: sectionid, before: { contentsid: s.contentsid, title: s.title }, after: null });
    return readClass(tx, s.contentsid);
  });
}

/**
 * The curriculum in a new order: the body names every section of the class and every lecture that is not hidden, each
 * once (409 otherwise: someone changed it meanwhile); a lecture may move to another section of the class. Hidden
 * lectures keep their place.
 */
export async function reorderCurriculum(db: Db, author: Author, contentsid: number, order: CurriculumOrder): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const before = await readClass(tx, contentsid);
    const sectionIds = before.sections.map((s) => s.sectionid);
    const videoIds = before.sections.flatMap((s) => s.lectures.filter((l) => !l.hidden).map((l) => l.videoid));
    const named = order.sections.map((s) => s.sectionid);
    const namedVideos = order.sections.flatMap((s) => s.videoids);
    const same = (a: number[], b: number[]) => a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
    if (!same(named, sectionIds) || !same(namedVideos, videoIds)) fail(409, CURRICULUM_CHANGED);
    for (const [i, s] of order.sections.entries()) {
      await sql`update sections set sort = ${i + 1} where sectionid = ${s.sectionid}`.execute(tx);
      for (const [j, videoid] of s.videoids.entries()) {
        await sql`update videos set sectionid = ${s.sectionid}, sort = ${j + 1} where videoid = ${videoid}`.execute(tx);
      }
    }
    const trail = (c: AdminClass) => c.sections.map((s) => ({ sectionid: s.sectionid, videoids: s.lectures.filter((l) => !l.hidden).map((l) => l.videoid) }));
    const after = await readClass(tx, contentsid);
    await recordAudit(tx, author, { operation: 'reorderAdminCurriculum', objectType: 'class', objectId: contentsid, before: trail(before), after: trail(after) });
    return after;
  });
}

/** A new lecture at the end of a section; it has no video until one is uploaded (`path` ''). */
export async function createLecture(db: Db, author: Author, sectionid: number, input: LectureInput): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const s = await sectionInScope(tx, author, sectionid);
    const id = await nextId(tx, 'videos');
    const title = input.title.trim() || input.title;
    await sql`insert into videos (videoid, sectionid, contentsid, title, duration_sec, path, sort, is_preview)
      values (${id}, ${sectionid}, ${s.contentsid}, ${title}, 0, '',
        (select coalesce(max(sort), 0) + 1 from videos where sectionid = ${sectionid}), ${input.ispreview})`.execute(tx);
    await recordAudit(tx, author, { operation: 'createAdminLecture', objectType: 'lecture', objectId: id, before: null, after: { sectionid, title, ispreview: input.ispreview } });
    return readClass(tx, s.contentsid);
  });
}

export async function updateLecture(db: Db, author: Author, videoid: number, input: LectureInput): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    const v = await lectureInScope(tx, author, videoid);
    const title = input.title.trim() || input.title;
    await sql`update videos set title = ${title}, is_preview = ${input.ispreview} where videoid = ${videoid}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'updateAdminLecture',
      objectType: 'lecture',
      objectId: videoid,
      before: { title: v.title, ispreview: v.is_preview },
      after: { title, ispreview: input.ispreview },
    });
    return readClass(tx, v.contentsid);
  });
}

/** The tables holding a member's record of a video: such a video is hidden, never deleted. */
const MEMBER_RECORDS = ['progress', 'notes', 'bookmarks', 'play_tabs', 'video_plays'] as const;

/** Deletes a lecture no member has a record of; hides one that a member watched, noted or bookmarked. */
export async function removeLecture(
  db: Db,
  author: Author,
  videoid: number,
): Promise<{ videoid: number; outcome: 'deleted' | 'hidden'; class: AdminClass }> {
  return db.transaction().execute(async (tx) => {
    const v = await lectureInScope(tx, author, videoid);
    const recorded = await one(
      tx,
      sql`select 1 where ${sql.join(
        MEMBER_RECORDS.map((t) => sql`exists(select 1 from ${sql.table(t)} where videoid = ${videoid})`),
        sql` or `,
      )}`,
    );
    const outcome = recorded ? ('hidden' as const) : ('deleted' as const);
    if (recorded) {
      await sql`update videos set hidden_at = coalesce(hidden_at, ${kst()}) where videoid = ${videoid}`.execute(tx);
    } else {
      await sql`delete from captions where videoid = ${videoid}`.execute(tx);
      await sql`delete from videos where videoid = ${videoid}`.execute(tx);
    }
    await recordAudit(tx, author, {
      operation: 'removeAdminLecture',
      objectType: 'lecture',
      objectId: videoid,
      before: { sectionid: v.sectionid, title: v.title, hidden: v.hidden_at !== null },
      after: { outcome },
    });
    return { videoid, outcome, class: await readClass(tx, v.contentsid) };
  });
}
