import { sql } from 'kysely';
import type { FaqRow, NoticeRow } from '../db/rows';
import { all, one, containsPattern } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { sanitizeHtml } from '../lib/sanitizeHtml';
import { recordAudit } from '../domain/audit';
import { ensurePinRoom, toFaq, toNotice } from '../domain/board';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';

const NO_NOTICE = '요청하신 공지사항을 찾을 수 없습니다.';
const NO_FAQ = '요청하신 FAQ를 찾을 수 없습니다.';
/** The store's board names every post's writer so (the seed's posts too). */
const WRITER = '관리자';

/** What the trail keeps of a notice or an FAQ (its long HTML is cut by recordAudit). */
const noticeSummary = (n: NoticeRow) => ({ isnotice: n.isnotice, title: n.title, content: n.content, istop: n.istop });
const faqSummary = (f: FaqRow) => ({ category: f.category, question: f.question, answer: f.answer, sortorder: f.sort });

/** The console's notices and FAQ (owner and operators; the dispatcher checks `x-staff-roles`). Every write is audited. */
export const adminBoard = {
  async listAdminNotices({ s, body }) {
    const q = body.q?.trim() ?? '';
    const rows = await all(
      s.db,
      sql<NoticeRow>`select * from notices
        where (${body.before ?? null}::int is null or noticeid < ${body.before ?? null}::int)
          and (${q} = '' or title ilike ${containsPattern(q)})
        order by noticeid desc limit ${body.limit + 1}`,
    );
    const list = rows.slice(0, body.limit).map(toNotice);
    const nextBefore = rows.length > body.limit ? (list.at(-1)?.noticeid ?? null) : null;
    return ok({ list, nextBefore });
  },
  async createAdminNotice(ctx) {
    const { s, body } = ctx;
    const created = await s.db.transaction().execute(async (tx) => {
      if (body.istop) await ensurePinRoom(tx, body.isnotice);
      const n = (await one(
        tx,
        sql<NoticeRow>`insert into notices (isnotice, title, content, istop, writer, created_at)
          values (${body.isnotice}, ${body.title}, ${await sanitizeHtml(body.content)}, ${body.istop}, ${WRITER}, ${kst()}) returning *`,
      ))!;
      await recordAudit(tx, ctx, {
        operation: 'createAdminNotice',
        objectType: 'notice',
        objectId: n.noticeid,
        after: noticeSummary(n),
      });
      return n;
    });
    return ok(toNotice(created), '공지사항이 등록되었습니다.');
  },
  async updateAdminNotice(ctx) {
    const { s, body, params } = ctx;
    const updated = await s.db.transaction().execute(async (tx) => {
      const before = await one(tx, sql<NoticeRow>`select * from notices where noticeid = ${params.noticeid} for update`);
      if (!before) return fail(404, NO_NOTICE);
      // Only a post newly pinned on its board takes a place among the pinned.
      if (body.istop && !(before.istop && before.isnotice === body.isnotice)) await ensurePinRoom(tx, body.isnotice, before.noticeid);
      const n = (await one(
        tx,
        sql<NoticeRow>`update notices set isnotice = ${body.isnotice}, title = ${body.title}, content = ${await sanitizeHtml(body.content)},
          istop = ${body.istop} where noticeid = ${before.noticeid} returning *`,
      ))!;
      await recordAudit(tx, ctx, {
        operation: 'updateAdminNotice',
        objectType: 'notice',
        objectId: n.noticeid,
        before: noticeSummary(before),
        after: noticeSummary(n),
      });
      return n;
    });
    return ok(toNotice(updated), '공지사항이 수정되었습니다.');
  },
  async deleteAdminNotice(ctx) {
    const { s, params } = ctx;
    const id = await s.db.transaction().execute(async (tx) => {
      const before = await one(tx, sql<NoticeRow>`delete from notices where noticeid = ${params.noticeid} returning *`);
      if (!before) return fail(404, NO_NOTICE);
      await recordAudit(tx, ctx, { operation: 'deleteAdminNotice', objectType: 'notice', objectId: before.noticeid, before: noticeSummary(before) });
      return before.noticeid;
    });
    return ok({ id }, '공지사항이 삭제되었습니다.');
  },
  async listAdminFaqs({ s }) {
    const rows = await all(s.db, sql<FaqRow>`select * from faqs order by category, sort, faqid`);
    return ok(rows.map(toFaq));
  },
  async createAdminFaq(ctx) {
    const { s, body } = ctx;
    const created = await s.db.transaction().execute(async (tx) => {
      const f = (await one(
        tx,
        sql<FaqRow>`insert into faqs (category, question, answer, sort)
          values (${body.category}, ${body.question}, ${await sanitizeHtml(body.answer)}, ${body.sortorder}) returning *`,
      ))!;
      await recordAudit(tx, ctx, { operation: 'createAdminFaq', objectType: 'faq', objectId: f.faqid, after: faqSummary(f) });
      return f;
    });
    return ok(toFaq(created), 'FAQ가 등록되었습니다.');
  },
  async updateAdminFaq(ctx) {
    const { s, body, params } = ctx;
    const updated = await s.db.transaction().execute(async (tx) => {
      const before = await one(tx, sql<FaqRow>`select * from faqs where faqid = ${params.faqid} for update`);
      if (!before) return fail(404, NO_FAQ);
      const f = (await one(
        tx,
        sql<FaqRow>`update faqs set category = ${body.category}, question = ${body.question}, answer = ${await sanitizeHtml(body.answer)},
          sort = ${body.sortorder} where faqid = ${before.faqid} returning *`,
      ))!;
      await recordAudit(tx, ctx, {
        operation: 'updateAdminFaq',
        objectType: 'faq',
        objectId: f.faqid,
        before: faqSummary(before),
        after: faqSummary(f),
      });
      return f;
    });
    return ok(toFaq(updated), 'FAQ가 수정되었습니다.');
  },
  async deleteAdminFaq(ctx) {
    const { s, params } = ctx;
    const id = await s.db.transaction().execute(async (tx) => {
      const before = await one(tx, sql<FaqRow>`delete from faqs where faqid = ${params.faqid} returning *`);
      if (!before) return fail(404, NO_FAQ);
      await recordAudit(tx, ctx, { operation: 'deleteAdminFaq', objectType: 'faq', objectId: before.faqid, before: faqSummary(before) });
      return before.faqid;
    });
    return ok({ id }, 'FAQ가 삭제되었습니다.');
  },
} satisfies Partial<Handlers>;

/**
 * What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). The console reads
 * uncached (staff see their own writes at once); a write drops the store's cached GetNotices / GetFaqs answers.
 */
export const adminBoardCache = {
  listAdminNotices: uncachedRead,
  createAdminNotice: writes(['notices']),
  updateAdminNotice: writes(['notices']),
  deleteAdminNotice: writes(['notices']),
  listAdminFaqs: uncachedRead,
  createAdminFaq: writes(['faqs']),
  updateAdminFaq: writes(['faqs']),
  deleteAdminFaq: writes(['faqs']),
} satisfies CacheTable<typeof adminBoard>;
