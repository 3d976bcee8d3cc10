import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CountRow, FaqRow, NoticeRow, SuggestRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, isoOrNull, kst } from '../lib/time';
import { filesOf, toFaq, toNotice } from '../domain/board';
import { fail } from '../lib/failure';
import { SECRET_TITLE, maskName } from '../domain/privacy';
import { ownUser } from '../domain/access';
import { page, pageOf } from '../domain/paging';
import { ok, type Handlers } from '../openapi/typed';
import { reads, writes, uncachedRead, keyed, type CacheTable } from '../openapi/cacheTags';

type UploadedFile = components['schemas']['UploadedFile'];

interface SuggestListRow extends SuggestRow {
  typename: string | null;
  username: string | null;
}

/**
 * A suggestion as `me` may see it: its author sees everything; anyone else sees the name masked and,
 * for a secret one, '비밀글입니다.' and no files (the list is public, the files are the author's).
 */
function toSuggestSummary(
  r: SuggestListRow,
  me: string | undefined,
  files: UploadedFile[] = [],
): components['schemas']['SuggestSummary'] {
  const mine = me !== undefined && r.useruid === me;
  const hidden = r.is_secret && !mine;
  return {
    suggestid: r.suggestid,
    suggesttype: r.suggesttype,
    typename: r.typename ?? '기타',
    title: hidden ? SECRET_TITLE : r.title,
    username: mine ? (r.username ?? '회원') : maskName(r.username ?? '회원'),
    issecret: r.is_secret,
    // Set by staff (접수 / 답변완료): a reply alone does not close a suggestion (the console's inbox, issue 39).
    status: r.status,
    regdate: iso(r.created_at),
    viewcnt: 0,
    // Attachments in list items too (SuggestSummary.files), so the list can mark them.
    files: hidden ? [] : files,
  };
}

/** The author's own suggestion, in full (GetSuggestInfo answers only its author). */
const toSuggest = (r: SuggestListRow, me: string, files: UploadedFile[] = []): components['schemas']['Suggest'] => ({
  ...toSuggestSummary(r, me, files),
  files,
  useruid: r.useruid,
  content: r.content,
  answer: r.answer,
  answerdate: isoOrNull(r.answered_at),
});

/**
 * The uploads a suggestion links, checked: each must be a file the member uploaded (by its stored
 * name; the other fields of the record are the server's own, whatever the client sent back).
 */
async function ownUploads(db: Db, me: string, files: { filename: string }[] | undefined): Promise<string[]> {
  const names = [...new Set((files ?? []).map((f) => f.filename))];
  if (names.length === 0) return [];
  const rows = await all(
    db,
    sql<{ filename: string }>`select filename from uploads where filename = any(${names}::text[]) and uploaded_by = ${me}`,
  );
  const known = new Set(rows.map((r) => r.filename));
  const missing = names.filter((n) => !known.has(n));
  if (missing.length) return fail(404, `첨부 파일을 찾을 수 없습니다: ${missing.join(', ')}`);
  return names;
}

async function linkFiles(db: Db, suggestid: number, names: string[]): Promise<void> {
  await sql`delete from suggest_files where suggestid = ${suggestid}`.execute(db);
  for (const [i, name] of names.entries()) {
    await sql`insert into suggest_files (suggestid, filename, sort) values (${suggestid}, ${name}, ${i})`.execute(db);
  }
}

const SUGGEST_SQL = sql`select g.*, t.name as typename, m.name as username from suggests g
  left join suggest_types t on t.code = g.suggesttype left join members m on m.useruid = g.useruid`;

/** Notices, FAQ and the member's suggestions (1:1 문의). */
export const board = {
  async getNotices({ s, query, body }) {
    if (query.istop3) {
      const rows = await all(
        s.db,
        sql<NoticeRow>`select * from notices where isnotice = ${query.isnotice} order by istop desc, created_at desc limit 3`,
      );
      return ok({ list: rows.map(toNotice), totalCount: rows.length, page: 1, pageSize: 3 });
    }
    const p = page(body);
    const like = `%${body?.schtext ?? ''}%`;
    const where = sql`isnotice = ${query.isnotice} and title ilike ${like}`;
    const rows = await all(
      s.db,
      sql<NoticeRow>`select * from notices where ${where} order by istop desc, created_at desc limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = (await one(s.db, sql<CountRow>`select count(*)::int as n from notices where ${where}`))?.n ?? 0;
    return ok(pageOf(rows.map(toNotice), total, p));
  },
  async getNoticeInfo({ s, params }) {
    const n = await one(s.db, sql<NoticeRow>`update notices set viewcnt = viewcnt + 1 where noticeid = ${params.id} returning *`);
    if (!n) return fail(404, '요청하신 공지사항을 찾을 수 없습니다.');
    return ok(toNotice(n));
  },
  async getFaqs({ s, body }) {
    const p = page(body);
    const like = `%${body.schtext ?? ''}%`;
    const cat = body.category ?? null;
    const where = sql`(${cat}::text is null or category = ${cat}) and (question ilike ${like} or answer ilike ${like})`;
    const rows = await all(
      s.db,
      sql<FaqRow>`select * from faqs where ${where} order by sort limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = (await one(s.db, sql<CountRow>`select count(*)::int as n from faqs where ${where}`))?.n ?? 0;
    return ok(pageOf(rows.map(toFaq), total, p));
  },
  async getSuggestTypes({ s }) {
    return ok(await all(s.db, sql<{ code: string; name: string }>`select code, name from suggest_types order by sort`));
  },
  async getSuggests({ s, body, member }) {
    const p = page(body);
    const like = `%${body.schtext ?? ''}%`;
    const type = body.suggesttype ?? null;
    const author = body.useruid ?? null;
    // Search sees the title the caller sees: a secret title of someone else cannot be probed by text.
    const shownTitle = sql`(case when g.is_secret and g.useruid is distinct from ${member?.useruid ?? null}
      then ${SECRET_TITLE} else g.title end)`;
    const where = sql`(${type}::text is null or g.suggesttype = ${type}) and (${author}::text is null or g.useruid = ${author})
      and ${shownTitle} ilike ${like}`;
    const rows = await all(
      s.db,
      sql<SuggestListRow>`${SUGGEST_SQL} where ${where} order by g.suggestid desc limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = (await one(s.db, sql<CountRow>`select count(*)::int as n from suggests g where ${where}`))?.n ?? 0;
    const files = await filesOf(
      s.db,
      rows.map((r) => r.suggestid),
    );
    return ok(
      pageOf(
        rows.map((r) => toSuggestSummary(r, member?.useruid, files.get(r.suggestid))),
        total,
        p,
      ),
    );
  },
  async saveSuggest(ctx) {
    const { s, body } = ctx;
    const me = ownUser(ctx, body.useruid);
    if (!(await one(s.db, sql`select 1 from suggest_types where code = ${body.suggesttype}`)))
      return fail(404, '문의 유형을 찾을 수 없습니다.');
    const names = await ownUploads(s.db, me, body.files);
    const saved = await s.db.transaction().execute(async (tx) => {
      if (body.suggestid) {
        const r = await one(
          tx,
          sql<{
            suggestid: number;
          }>`update suggests set suggesttype = ${body.suggesttype}, title = ${body.title}, content = ${body.content},
            is_secret = ${body.issecret} where suggestid = ${body.suggestid} and useruid = ${me} returning suggestid`,
        );
        if (!r) return fail(404, '요청하신 문의를 찾을 수 없습니다.');
        // The files sent are the suggestion's attachments from now on (an empty list removes them).
        await linkFiles(tx, r.suggestid, names);
        return { suggestid: r.suggestid, message: '문의가 수정되었습니다.' };
      }
      const r = await one(
        tx,
        sql<{ suggestid: number }>`insert into suggests (useruid, suggesttype, title, content, is_secret, created_at)
          values (${me}, ${body.suggesttype}, ${body.title}, ${body.content}, ${body.issecret}, ${kst()}) returning suggestid`,
      );
      await linkFiles(tx, r!.suggestid, names);
      return { suggestid: r!.suggestid, message: '문의가 등록되었습니다.' };
    });
    return ok({ suggestid: saved.suggestid }, saved.message);
  },
  async getSuggestInfo(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const r = await one(
      ctx.s.db,
      sql<SuggestListRow>`${SUGGEST_SQL} where g.suggestid = ${ctx.params.suggestid} and g.useruid = ${me}`,
    );
    if (!r) return fail(404, '요청하신 문의를 찾을 수 없습니다.');
    const files = await filesOf(ctx.s.db, [r.suggestid]);
    return ok(toSuggest(r, me, files.get(r.suggestid)));
  },
  async deleteSuggest(ctx) {
    const me = ownUser(ctx, undefined);
    const r = await one(
      ctx.s.db,
      sql<{
        suggestid: number;
      }>`delete from suggests where suggestid = ${ctx.query.suggestid} and useruid = ${me} returning suggestid`,
    );
    if (!r) return fail(404, '요청하신 문의를 찾을 수 없습니다.');
    return ok({ suggestid: r.suggestid }, '문의가 삭제되었습니다.');
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const boardCache = {
  getNotices: reads(['notices']),
  getNoticeInfo: writes((i) => [keyed('notices', i.params?.id)]), // the view count
  getFaqs: reads(['faqs']),
  getSuggestTypes: reads(['suggest_types']),
  getSuggests: uncachedRead,
  saveSuggest: writes(['suggests', 'suggest_files']),
  getSuggestInfo: uncachedRead,
  deleteSuggest: writes(['suggests', 'suggest_files']),
} satisfies CacheTable<typeof board>;
