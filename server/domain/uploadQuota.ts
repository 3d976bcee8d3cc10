import { sql } from 'kysely';
import type { Db } from '../db/database';
import { Failure } from '../lib/failure';
import { kst } from '../lib/time';

/**
 * How much one person may upload in a day (issue 41, hole 3: one member stored 300 files, 19 MB, in ten seconds, none
 * attached to anything). Counted per uploader and Korean calendar day in `upload_days` (migration 041), one row each,
 * taken by one conditional upsert: instances on one PostgreSQL share it, and two uploads at once cannot both take the
 * last place. What was refused is not counted. An upload nobody attached goes a day later (server/domain/uploadSweep.ts),
 * so together these bound what one account can leave in the database: a day's budget, for about a day.
 *
 * Why these numbers:
 * - member: a 1:1 suggestion carries at most 5 files (the form's rule and UploadFiles' limit per request), so 300 files
 *   are 60 suggestions with every attachment a day, far beyond what a person writes; 200 MB are ten requests at the
 *   request limit (20 MB), enough to resend a suggestion's phone photos several times. The attack above (300 files in
 *   ten seconds) reaches the count and stops there.
 * - staff: the console's uploads (class thumbnails, handouts and e-books, banner pictures, caption files) come in
 *   batches when a class is prepared: a catalogue of some 60 classes, each with a thumbnail, a few handouts and its
 *   captions, is under 1,000 files; 2 GB holds that many handouts at their usual size with room to redo them. Lecture
 *   videos go over tus to the lecture store and are not counted here (each one is a job of its own and audited).
 */
export const UPLOAD_QUOTA = {
  member: { files: 300, bytes: 200 * 1024 * 1024 },
  staff: { files: 1000, bytes: 2 * 1024 * 1024 * 1024 },
} as const;
export type Uploader = keyof typeof UPLOAD_QUOTA;

/**
 * How long an upload may wait to be attached before the sweep removes it: a day. The 1:1 form uploads its files and
 * saves the suggestion in one submission (seconds apart); a day leaves a member whose save failed time to try again
 * with the same records, and a day's budget above is then about all one account can keep stored unattached.
 */
export const UNATTACHED_UPLOAD_LIFE_MS = 24 * 3600_000;

const MB = 1024 * 1024;
const amount = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / (1024 * MB)}GB` : `${Math.round(bytes / MB)}MB`);

/** Whole seconds from `now` to the next Korean midnight, when a day's allowance is whole again. */
function secondsToKoreanMidnight(now: Date): number {
  const kstMs = now.getTime() + 9 * 3600_000;
  return Math.max(1, Math.ceil((86_400_000 - (kstMs % 86_400_000)) / 1000));
}

/**
 * Counts `files` uploads of `bytes` in all for `useruid` as `who` on today's (KST) allowance, or refuses them (429 with
 * Retry-After until midnight KST and a Korean message naming the limit) when they would pass it. Answers the way to
 * give them back, for an upload refused after it was counted (not a picture, a broken file): what was not stored is not
 * counted, and a day that counted nothing else leaves no row.
 */
export async function takeUploadQuota(
  db: Db,
  who: Uploader,
  useruid: string,
  files: number,
  bytes: number,
  now = new Date(),
): Promise<() => Promise<void>> {
  const quota = UPLOAD_QUOTA[who];
  const day = kst(now).slice(0, 10);
  const key = `${who}:${useruid}`;
  const taken =
    files <= quota.files && bytes <= quota.bytes
      ? await sql<{ files: number }>`insert into upload_days as d (uploader, day, files, bytes)
          values (${key}, ${day}, ${files}, ${bytes})
          on conflict (uploader, day) do update set files = d.files + excluded.files, bytes = d.bytes + excluded.bytes
            where d.files + excluded.files <= ${quota.files} and d.bytes + excluded.bytes <= ${quota.bytes}
          returning d.files`.execute(db)
      : { rows: [] };
  if (taken.rows.length) {
    return async () => {
      await sql`update upload_days set files = files - ${files}, bytes = bytes - ${bytes} where uploader = ${key} and day = ${day}`.execute(db);
      await sql`delete from upload_days where uploader = ${key} and day = ${day} and files <= 0 and bytes <= 0`.execute(db);
    };
  }
  const used = await sql<{ files: number; bytes: string }>`select files, bytes from upload_days where uploader = ${key} and day = ${day}`.execute(db);
  const overFiles = (used.rows[0]?.files ?? 0) + files > quota.files;
  const limit = overFiles ? `파일 수(${quota.files}개)를` : `용량(${amount(quota.bytes)})을`;
  throw new Failure(429, `하루에 올릴 수 있는 ${limit} 넘었습니다. 내일 다시 시도해주세요.`, {
    'retry-after': String(secondsToKoreanMidnight(now)),
  });
}

/**
 * A console upload (thumbnail, handout, banner picture, caption file): every file of its form counted on the staff
 * allowance before `store` reads and keeps them, and given back when `store` refuses them.
 */
export async function asStaffUpload<T>(
  ctx: { s: { db: Db }; member?: { useruid: string } | undefined; form?: FormData | undefined },
  store: () => Promise<T>,
): Promise<T> {
  const files = (ctx.form ? [...ctx.form.values()] : []).filter((v): v is File => typeof v !== 'string');
  // The dispatcher checked the staff role, so a member is there; an empty form is refused by the upload's own reader.
  if (!ctx.member || !files.length) return store();
  const giveBack = await takeUploadQuota(ctx.s.db, 'staff', ctx.member.useruid, files.length, files.reduce((n, f) => n + f.size, 0));
  try {
    return await store();
  } catch (err) {
    await giveBack();
    throw err;
  }
}
