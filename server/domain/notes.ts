import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { NoteRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { iso } from '../lib/time';

/**
 * A member's timestamped notes (issue 26): the member's own writing at a second of a video. Whose a note is decides
 * everything: a note id is looked up only among the asking member's notes, so another member's note is "not found"
 * (its existence never leaks), and a retried Save with the same client-made id finds the note it made.
 */
type Note = components['schemas']['Note'];

const NOTE_MAX_CHARS = 1000;
const NOTE_EMPTY = '메모 내용을 입력해주세요.';
const NOTE_TOO_LONG = `메모는 ${NOTE_MAX_CHARS}자까지 쓸 수 있습니다.`;
/** Per member and class: the list is read whole (no paging), so its size, and a script's writes, stay bounded. */
export const NOTES_PER_CLASS_MAX = 500;
export const NOTES_FULL = `메모는 클래스마다 ${NOTES_PER_CLASS_MAX}개까지 남길 수 있습니다. 지난 메모를 지운 뒤 다시 저장해주세요.`;
export const NOTE_NOT_FOUND = '메모를 찾을 수 없습니다.';
export const NOT_OWNER_NOTE = '수강 중인 클래스에만 메모를 남길 수 있습니다.';

/** The text as stored: trimmed, 1 to 1000 characters (code points, as a member counts them), else a Korean 400. */
export function noteText(text: string): string {
  const t = text.trim();
  if (!t) return fail(400, NOTE_EMPTY);
  if ([...t].length > NOTE_MAX_CHARS) return fail(400, NOTE_TOO_LONG);
  return t;
}

/** The player's current time as a stored second: whole, and within the video. */
export const noteSecond = (second: number, duration: number): number =>
  Math.min(Math.max(0, Math.floor(second)), Math.max(0, duration));

type NoteWithVideo = NoteRow & { videotitle: string };

const toNote = (n: NoteWithVideo): Note => ({
  noteid: n.noteid,
  contentsid: n.contentsid,
  videoid: n.videoid,
  videotitle: n.videotitle,
  second: n.second,
  text: n.body,
  regdate: iso(n.created_at),
  updatedate: iso(n.updated_at),
});

/** The member's notes of a class (or of one of its videos), in the curriculum's order, then by second. */
export async function notesOf(db: Db, useruid: string, contentsid: number, videoid?: number): Promise<Note[]> {
  const rows = await all(
    db,
    sql<NoteWithVideo>`select n.*, v.title as videotitle from notes n
      join videos v on v.videoid = n.videoid
      left join sections s on s.sectionid = v.sectionid
      where n.useruid = ${useruid} and n.contentsid = ${contentsid} ${videoid ? sql`and n.videoid = ${videoid}` : sql``}
      order by s.sort nulls last, v.sectionid, v.sort, v.videoid, n.second, n.created_at, n.noteid`,
  );
  return rows.map(toNote);
}

/** Whether the member has a note with this id (another member's id counts as none). */
export async function ownNoteExists(db: Db, useruid: string, noteid: string): Promise<boolean> {
  return Boolean(await one(db, sql<{ one: number }>`select 1 as one from notes where useruid = ${useruid} and noteid = ${noteid}`));
}

/** One of the member's notes, or 404: another member's note is not told apart from no note. */
export async function ownNoteOr404(db: Db, useruid: string, noteid: string): Promise<Note> {
  const n = await one(
    db,
    sql<NoteWithVideo>`select n.*, v.title as videotitle from notes n join videos v on v.videoid = n.videoid
      where n.useruid = ${useruid} and n.noteid = ${noteid}`,
  );
  return n ? toNote(n) : fail(404, NOTE_NOT_FOUND);
}
