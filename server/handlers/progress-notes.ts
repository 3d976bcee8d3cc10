import { sql } from 'kysely';
import type { VideoRow } from '../db/rows';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { lectureOr404 } from '../domain/lectures';
import { ownsClassNow } from '../domain/ownership';
import {
  NOTES_FULL,
  NOTES_PER_CLASS_MAX,
  NOTE_NOT_FOUND,
  NOT_OWNER_NOTE,
  noteSecond,
  noteText,
  notesOf,
  ownNoteExists,
  ownNoteOr404,
} from '../domain/notes';
import { ok, type Handlers } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';

const NO_VIDEO = '요청하신 영상을 찾을 수 없습니다.';

/** Timestamped notes (issue 26, tag progress; joined to `progress` in `byTag`): the member's own, never cached. */
export const progressNotes = {
  async getNotes(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    await lectureOr404(ctx.s.db, ctx.params.contentsid);
    return ok(await notesOf(ctx.s.db, me, ctx.params.contentsid, ctx.query.videoid));
  },
  async saveNote(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const text = noteText(b.text);
    await lectureOr404(ctx.s.db, b.contentsid);
    const v = await one(ctx.s.db, sql<VideoRow>`select * from videos where videoid = ${b.videoid} and contentsid = ${b.contentsid}`);
    if (!v) return fail(404, NO_VIDEO);
    if (!(await ownsClassNow(ctx.s.db, me, b.contentsid))) return fail(403, NOT_OWNER_NOTE);
    const now = kst();
    // The client's id names the note: a retry of a Save whose answer was lost finds the note instead of a second one.
    // A class already holding NOTES_PER_CLASS_MAX of the member's notes takes no new one; a retry still finds its own.
    // (Two Saves racing at the cap may both pass: a bound a few over is still a bound.)
    const inserted = await sql`insert into notes (useruid, noteid, contentsid, videoid, second, body, created_at, updated_at)
      select ${me}, ${b.noteid}, ${b.contentsid}, ${b.videoid}, ${noteSecond(b.second, v.duration_sec)}, ${text}, ${now}, ${now}
      where (select count(*) from notes where useruid = ${me} and contentsid = ${b.contentsid}) < ${NOTES_PER_CLASS_MAX}
      on conflict (useruid, noteid) do nothing`.execute(ctx.s.db);
    if (!Number(inserted.numAffectedRows ?? 0) && !(await ownNoteExists(ctx.s.db, me, b.noteid))) return fail(409, NOTES_FULL);
    return ok(await ownNoteOr404(ctx.s.db, me, b.noteid), '메모를 저장했습니다.');
  },
  async updateNote(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const text = noteText(b.text);
    await ownNoteOr404(ctx.s.db, me, b.noteid);
    await sql`update notes set body = ${text}, updated_at = ${kst()}
      where useruid = ${me} and noteid = ${b.noteid} and body <> ${text}`.execute(ctx.s.db);
    return ok(await ownNoteOr404(ctx.s.db, me, b.noteid), '메모를 수정했습니다.');
  },
  async deleteNote(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const gone = await sql`delete from notes where useruid = ${me} and noteid = ${b.noteid}`.execute(ctx.s.db);
    if (!Number(gone.numAffectedRows ?? 0)) return fail(404, NOTE_NOT_FOUND);
    return ok({ noteid: b.noteid }, '메모를 삭제했습니다.');
  },
} satisfies Partial<Handlers>;

/** Notes are member data: no cached read shows them, so nothing cached is dropped when they change. */
export const progressNotesCache = {
  getNotes: uncachedRead,
  saveNote: writes(['notes']),
  updateNote: writes(['notes']),
  deleteNote: writes(['notes']),
} satisfies CacheTable<typeof progressNotes>;
