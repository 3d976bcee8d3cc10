import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { FaqRow, NoticeRow, UploadRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { iso } from '../lib/time';
import { uploadedFile } from './uploads';

type Notice = components['schemas']['Notice'];
type Faq = components['schemas']['Faq'];
type UploadedFile = components['schemas']['UploadedFile'];

/** The demo's one notice attachment is shown under this name (the seed stores only its file). */
const NOTICE_FILE = '워크숍 안내.pdf';

/** A notice row as the contract's `Notice`: the store's board and the console answer the same record. */
export const toNotice = (n: NoticeRow): Notice => ({
  noticeid: n.noticeid,
  isnotice: n.isnotice,
  title: n.title,
  content: n.content,
  istop: n.istop,
  writer: n.writer,
  regdate: iso(n.created_at),
  viewcnt: n.viewcnt,
  files: n.attachment
    ? [
        {
          filename: n.attachment,
          originalFilename: NOTICE_FILE,
          path: `/api/file/downloadstream?filename=${n.attachment}&originalFilename=${encodeURIComponent(NOTICE_FILE)}`,
          size: 1024,
          contentType: 'application/pdf',
        },
      ]
    : [],
});

/** An FAQ row as the contract's `Faq` (the column `sort` is the record's `sortorder`). */
export const toFaq = (f: FaqRow): Faq => ({
  faqid: f.faqid,
  category: f.category,
  question: f.question,
  answer: f.answer,
  sortorder: f.sort,
});

/** The store shows at most three pinned posts on top of each board (GetNotices with `istop3`). */
export const PIN_LIMIT = 3;
export const PIN_LIMIT_REACHED = '상단 고정은 3개까지 가능합니다.';
/** Any constant every instance shares: the transaction lock under which pins are counted and changed. */
const PIN_LOCK = 2_026_112_738;

/**
 * Refuses (409) a post that would become the fourth pinned one of its board (`isnotice`: notices, or the other posts).
 * Call inside the transaction that writes the post: the transaction-scoped lock makes two writers that pin at once
 * count one after the other, so neither sees room the other has taken. `noticeid`: the post being changed, not counted.
 */
export async function ensurePinRoom(tx: Db, isnotice: number, noticeid?: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PIN_LOCK})`.execute(tx);
  const pinned = await one(
    tx,
    sql<{ n: number }>`select count(*)::int as n from notices
      where istop and isnotice = ${isnotice} and noticeid is distinct from ${noticeid ?? null}::int`,
  );
  if ((pinned?.n ?? 0) >= PIN_LIMIT) fail(409, PIN_LIMIT_REACHED);
}

/**
 * Attachments of the given suggestions, in the order they were sent. A secret one's links are signed (its author's
 * page uses them as plain links); `signAll` signs every link, as the console's inbox gets them (issue 39).
 */
export async function filesOf(db: Db, ids: number[], signAll = false): Promise<Map<number, UploadedFile[]>> {
  const byId = new Map<number, UploadedFile[]>();
  if (ids.length === 0) return byId;
  const rows = await all(
    db,
    sql<UploadRow & { suggestid: number; is_secret: boolean }>`select f.suggestid, g.is_secret, u.*
      from suggest_files f join suggests g on g.suggestid = f.suggestid join uploads u on u.filename = f.filename
      where f.suggestid = any(${ids}::int[]) order by f.suggestid, f.sort`,
  );
  for (const r of rows) {
    const list = byId.get(r.suggestid) ?? [];
    list.push(uploadedFile(r, signAll || r.is_secret));
    byId.set(r.suggestid, list);
  }
  return byId;
}

/** A notice as stored, read without counting a view (the notice page's first paint: server/http/noticeFirstPaint.ts). */
export const noticeById = (db: Db, noticeid: number): Promise<NoticeRow | undefined> =>
  one(db, sql<NoticeRow>`select * from notices where noticeid = ${noticeid}`);
