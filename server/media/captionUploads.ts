import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { iso, kst } from '../lib/time';
import { CAPTION_LANG, CUE_SECONDS, isUploadedCaption, uploadedCaptionFile, uploadedCaptionPath } from './captions';
import { SubtitleError, cueCount, parseSubtitles, writeWebVtt, type SubtitleFormat } from './subtitles';

/**
 * A lecture's caption tracks in the console (issue 38): SRT or WebVTT uploaded per language, kept as WebVTT under
 * `<dataDir>/media/captions/<videoid>/<srclang>.vtt`, and served to the player like the demo's tracks
 * (server/media/captions.ts). One track per language: the row of `captions` (videoid, srclang) is replaced.
 */
export type AdminCaption = components['schemas']['AdminCaption'];

/** A caption file may be this large; the request-wide upload limits (server/openapi/limits.ts) are checked first. */
export const MAX_CAPTION_BYTES = 1024 * 1024;
const TOO_LARGE = '자막 파일은 1MB까지 올릴 수 있습니다.';
const NO_FILE = '자막 파일(.srt 또는 .vtt)을 선택해주세요.';
const BAD_LANG = '자막 언어 코드가 올바르지 않습니다. (예: ko, en, ja, zh-TW)';
const BAD_LABEL = '자막 이름을 40자 이내로 입력해주세요. (예: 한국어)';
const NO_TRACK = '이 언어의 자막이 없습니다.';
const MAX_LABEL = 40;

export interface CaptionUpload {
  srclang: string;
  label: string;
  format: SubtitleFormat;
  vtt: string;
  cues: number;
}

/** The form of UploadAdminCaption, checked and converted: 400 with the line a malformed file broke on, 413 over 1 MB. */
export async function captionUploadOf(form: FormData | undefined): Promise<CaptionUpload> {
  const file = form?.get('file');
  if (!file || typeof file === 'string') return fail(400, NO_FILE);
  if (file.size > MAX_CAPTION_BYTES) return fail(413, TOO_LARGE);
  const srclang = form?.get('srclang');
  if (typeof srclang !== 'string' || !CAPTION_LANG.test(srclang)) return fail(400, BAD_LANG);
  const label = form?.get('label');
  const trimmed = typeof label === 'string' ? label.replace(/\s+/g, ' ').trim() : '';
  if (!trimmed || [...trimmed].length > MAX_LABEL) return fail(400, BAD_LABEL);
  let parsed;
  try {
    parsed = parseSubtitles(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    if (e instanceof SubtitleError) return fail(400, e.message);
    throw e;
  }
  const vtt = writeWebVtt(parsed.cues);
  return { srclang, label: trimmed, format: parsed.format, vtt, cues: cueCount(vtt) };
}

interface TrackRow {
  srclang: string;
  label: string;
  path: string;
  duration: number;
}

/** The lecture's tracks as the console lists them: an uploaded one counted from its file, a demo one from its length. */
export async function captionsOfLecture(db: Db, dataDir: string, videoid: number): Promise<AdminCaption[]> {
  const rows = await all(
    db,
    sql<TrackRow>`select c.srclang, c.label, c.path, v.duration_sec as duration
      from captions c join videos v on v.videoid = c.videoid where c.videoid = ${videoid} order by c.srclang`,
  );
  return Promise.all(
    rows.map(async (r): Promise<AdminCaption> => {
      if (!isUploadedCaption(r.path)) return { srclang: r.srclang, label: r.label, cues: Math.ceil(r.duration / CUE_SECONDS), updatedat: null };
      const file = uploadedCaptionFile(dataDir, videoid, r.srclang);
      const [text, info] = await Promise.all([readFile(file, 'utf8').catch(() => ''), stat(file).catch(() => undefined)]);
      return { srclang: r.srclang, label: r.label, cues: cueCount(text), updatedat: info ? iso(kst(info.mtime)) : null };
    }),
  );
}

/**
 * The WebVTT written beside its final name; `commit` puts it in place (after the row's transaction), `discard`
 * removes it (the transaction failed: nothing of the upload stays).
 */
export async function stageCaptionFile(dataDir: string, videoid: number, srclang: string, vtt: string) {
  const file = uploadedCaptionFile(dataDir, videoid, srclang);
  const staged = `${file}.${randomBytes(6).toString('hex')}.part`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(staged, vtt, 'utf8');
  return {
    commit: () => rename(staged, file),
    discard: () => rm(staged, { force: true }),
  };
}

/** Stores the track's row (replacing the language's earlier one); what it replaced, for the audit trail. */
export async function saveCaptionRow(db: Db, videoid: number, upload: CaptionUpload): Promise<{ label: string } | undefined> {
  const before = await one(db, sql<{ label: string }>`select label from captions where videoid = ${videoid} and srclang = ${upload.srclang} for update`);
  await sql`insert into captions (videoid, srclang, label, path)
    values (${videoid}, ${upload.srclang}, ${upload.label}, ${uploadedCaptionPath(videoid, upload.srclang)})
    on conflict (videoid, srclang) do update set label = excluded.label, path = excluded.path`.execute(db);
  return before;
}

/** Removes the language's row (404 when the lecture has none); the removed row, so its file can go after the commit. */
export async function deleteCaptionRow(db: Db, videoid: number, srclang: string): Promise<{ label: string; path: string }> {
  const row = await one(
    db,
    sql<{ label: string; path: string }>`delete from captions where videoid = ${videoid} and srclang = ${srclang} returning label, path`,
  );
  return row ?? fail(404, NO_TRACK);
}

/** An uploaded track's file, once its row is gone (a demo track has none). */
export async function removeCaptionFile(dataDir: string, videoid: number, srclang: string, path: string): Promise<void> {
  if (isUploadedCaption(path)) await rm(uploadedCaptionFile(dataDir, videoid, srclang), { force: true });
}
