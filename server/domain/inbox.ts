import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { QnaRow, SuggestRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { sanitizeHtml } from '../lib/sanitizeHtml';
import { iso, isoOrNull, kst } from '../lib/time';
import { recordAudit } from './audit';
import { filesOf } from './board';
import { BAD_CURSOR, NOT_YOUR_CLASS, classInScope, mayManage, type Author } from './classAuthoring';
import { queueQnaAnswered, queueSuggestReplied } from './mailEvents';
import { maskName } from './privacy';

/**
 * The console's inbox (issue 39): members' questions about classes and their 1:1 suggestions, answered where members
 * already read them (qnas.answer for GetQnaList, suggests.answer and status for GetSuggests / GetSuggestInfo). Each
 * answer is written in one transaction with its audit entry and the member's mail (server/domain/mailOutbox.ts),
 * whose event key is the question or the suggestion: however often it is changed, the member hears of it once.
 */
type AdminQuestion = components['schemas']['AdminQuestion'];
type AdminSuggest = components['schemas']['AdminSuggest'];
type Status = components['schemas']['SuggestStatus'];

const NO_QUESTION = '요청하신 질문을 찾을 수 없습니다.';
const NO_SUGGEST = '요청하신 문의를 찾을 수 없습니다.';
const EMPTY_ANSWER = '답변 내용을 입력해주세요.';
const REPLY_NEEDED = '답변완료로 바꾸려면 답변을 입력해주세요.';

/** A page's cut: the last row's group (0 unanswered, 1 answered) and id, as `<group>-<id>`. */
interface Cursor {
  answered: number;
  id: number;
}
const encodeCursor = (c: Cursor) => `${c.answered}-${c.id}`;
function decodeCursor(text: string | null | undefined): Cursor | null {
  if (!text) return null;
  const m = /^([01])-(\d{1,10})$/.exec(text);
  if (!m || Number(m[2]) > 2_147_483_647) return fail(400, BAD_CURSOR);
  return { answered: Number(m[1]), id: Number(m[2]) };
}

/** HTML as stored: sanitised, and empty when it shows nothing (tags or spaces only, no picture). */
async function cleanAnswer(html: string): Promise<string> {
  const clean = (await sanitizeHtml(html)).trim();
  const text = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return text || /<img\s/i.test(clean) ? clean : '';
}

const staffOf = (author: Author) => {
  if (!author.staff) throw new Error('an inbox operation without its staff member');
  return author.staff;
};

// ------------------------------------------------------------------ questions (문의)

interface QuestionRow extends QnaRow {
  classtitle: string;
  teacher: string;
  answeredname: string | null;
}

const toAdminQuestion = (q: QuestionRow): AdminQuestion => ({
  qnaid: q.qnaid,
  contentsid: q.contentsid,
  classtitle: q.classtitle,
  username: maskName(q.username),
  title: q.title,
  content: q.content,
  issecret: q.is_private,
  answer: q.answer,
  answerdate: isoOrNull(q.answered_at),
  answeredby: q.answeredname,
  status: q.answer ? 'answered' : 'waiting',
  regdate: iso(q.created_at),
});

const QUESTION_SQL = sql`select q.*, l.title as classtitle, l.teacher, m.name as answeredname
  from qnas q join lectures l on l.contentsid = q.contentsid left join members m on m.useruid = q.answered_by`;

/**
 * Questions the staff member may answer, unanswered first, newest first within each: of one class (404 unknown, 403
 * another teacher's) or of all their classes (every class for owner and operators).
 */
export async function listQuestions(
  db: Db,
  author: Author,
  q: components['schemas']['AdminQuestionQuery'],
): Promise<components['schemas']['AdminQuestionPage']> {
  const staff = staffOf(author);
  const contentsid = q.contentsid ?? null;
  if (contentsid !== null) await classInScope(db, author, contentsid);
  const cursor = decodeCursor(q.after);
  const teacher = staff.role === 'instructor' ? (staff.teachername ?? '') : null;
  const group = sql`(q.answer is not null)::int`;
  const rows = await all(
    db,
    sql<QuestionRow>`${QUESTION_SQL}
      where (${contentsid}::int is null or q.contentsid = ${contentsid}::int)
        and (${teacher}::text is null or l.teacher = ${teacher}::text)
        and (${q.status ?? null}::text is null or ${group} = ${q.status === 'answered' ? 1 : 0})
        and (${cursor?.answered ?? null}::int is null
          or ${group} > ${cursor?.answered ?? null}::int
          or (${group} = ${cursor?.answered ?? null}::int and q.qnaid < ${cursor?.id ?? null}::int))
      order by ${group}, q.qnaid desc limit ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    list: page.map(toAdminQuestion),
    nextAfter: rows.length > q.limit && last ? encodeCursor({ answered: last.answer ? 1 : 0, id: last.qnaid }) : null,
  };
}

/**
 * Writes (or changes) a question's answer, sanitised, where the member reads it. The same answer again changes
 * nothing (a doubled press is one write, one audit entry); the first answer's time stays the question's answer date.
 */
export async function answerQuestion(db: Db, author: Author, qnaid: number, html: string): Promise<AdminQuestion> {
  const staff = staffOf(author);
  const answer = await cleanAnswer(html);
  return db.transaction().execute(async (tx) => {
    // Lock the question alone, then read it with its joins: a join read under FOR UPDATE that waited for a doubled
    // press gets the question's new row but the answerer's old (empty) join, so it would answer without a name.
    await sql`select 1 from qnas where qnaid = ${qnaid} for update`.execute(tx);
    const before = await one(tx, sql<QuestionRow>`${QUESTION_SQL} where q.qnaid = ${qnaid}`);
    if (!before) return fail(404, NO_QUESTION);
    if (!mayManage(staff, before.teacher)) return fail(403, NOT_YOUR_CLASS);
    if (!answer) return fail(400, EMPTY_ANSWER);
    if (before.answer === answer) return toAdminQuestion(before);
    const now = kst();
    await sql`update qnas set answer = ${answer}, answered_at = coalesce(answered_at, ${now}), answered_by = ${staff.useruid}
      where qnaid = ${qnaid}`.execute(tx);
    const after = (await one(tx, sql<QuestionRow>`${QUESTION_SQL} where q.qnaid = ${qnaid}`))!;
    await queueQnaAnswered(tx, after.useruid, {
      qnaid,
      contentsid: after.contentsid,
      classTitle: after.classtitle,
      questionTitle: after.title,
      answeredAt: after.answered_at ?? now,
    });
    await recordAudit(tx, author, {
      operation: 'answerAdminQuestion',
      objectType: 'qna',
      objectId: qnaid,
      before: { answer: before.answer },
      after: { answer, contentsid: after.contentsid },
    });
    return toAdminQuestion(after);
  });
}

// ------------------------------------------------------------------ suggestions (1:1 문의)

interface SuggestListRow extends SuggestRow {
  typename: string | null;
  username: string | null;
}

const SUGGEST_SQL = sql`select g.*, t.name as typename, m.name as username from suggests g
  left join suggest_types t on t.code = g.suggesttype left join members m on m.useruid = g.useruid`;

const toAdminSuggest = (r: SuggestListRow, files: AdminSuggest['files'] = []): AdminSuggest => ({
  suggestid: r.suggestid,
  typename: r.typename ?? '기타',
  username: maskName(r.username ?? '회원'),
  title: r.title,
  content: r.content,
  issecret: r.is_secret,
  files,
  answer: r.answer,
  answerdate: isoOrNull(r.answered_at),
  status: r.status,
  regdate: iso(r.created_at),
});

/** Suggestions, 접수 first, newest first within each; attachments behind links signed for 10 minutes. */
export async function listSuggests(
  db: Db,
  q: components['schemas']['AdminSuggestQuery'],
): Promise<components['schemas']['AdminSuggestPage']> {
  const cursor = decodeCursor(q.after);
  const group = sql`(g.status = 'answered')::int`;
  const rows = await all(
    db,
    sql<SuggestListRow>`${SUGGEST_SQL}
      where (${q.status ?? null}::text is null or g.status = ${q.status ?? null}::text)
        and (${cursor?.answered ?? null}::int is null
          or ${group} > ${cursor?.answered ?? null}::int
          or (${group} = ${cursor?.answered ?? null}::int and g.suggestid < ${cursor?.id ?? null}::int))
      order by ${group}, g.suggestid desc limit ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const files = await filesOf(
    db,
    page.map((r) => r.suggestid),
    true,
  );
  const last = page.at(-1);
  return {
    list: page.map((r) => toAdminSuggest(r, files.get(r.suggestid))),
    nextAfter: rows.length > q.limit && last ? encodeCursor({ answered: last.status === 'answered' ? 1 : 0, id: last.suggestid }) : null,
  };
}

/**
 * Writes a suggestion's reply and status. 답변완료 needs a reply; the first time it is reached, the member's mail is
 * queued. The same reply and status again change nothing.
 */
export async function replySuggest(
  db: Db,
  author: Author,
  suggestid: number,
  input: { answer: string; status: Status },
): Promise<AdminSuggest> {
  const answer = input.answer.trim() ? await cleanAnswer(input.answer) : '';
  return db.transaction().execute(async (tx) => {
    const before = await one(tx, sql<SuggestListRow>`${SUGGEST_SQL} where g.suggestid = ${suggestid} for update of g`);
    if (!before) return fail(404, NO_SUGGEST);
    if (input.status === 'answered' && !answer) return fail(400, REPLY_NEEDED);
    const reply = answer || null;
    const files = async () => (await filesOf(tx, [suggestid], true)).get(suggestid);
    if (before.answer === reply && before.status === input.status) return toAdminSuggest(before, await files());
    const now = kst();
    await sql`update suggests set answer = ${reply}, status = ${input.status},
      answered_at = case when ${reply}::text is null then null else coalesce(answered_at, ${now}) end
      where suggestid = ${suggestid}`.execute(tx);
    const after = (await one(tx, sql<SuggestListRow>`${SUGGEST_SQL} where g.suggestid = ${suggestid}`))!;
    if (after.status === 'answered') {
      await queueSuggestReplied(tx, after.useruid, { suggestid, title: after.title, repliedAt: after.answered_at ?? now });
    }
    await recordAudit(tx, author, {
      operation: 'replyAdminSuggest',
      objectType: 'suggest',
      objectId: suggestid,
      before: { status: before.status, answer: before.answer },
      after: { status: after.status, answer: after.answer },
    });
    return toAdminSuggest(after, await files());
  });
}
