import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { NOT_OWNER_VIDEO, mediaPath, refuseEndedLink, signedMediaMember } from '../domain/access';
import { ownsClassNowSql } from '../domain/ownership';

/**
 * Caption tracks (issue 26). A track is a row of `captions` (video, language, label, path); its WebVTT is written
 * from the video's catalogue length, as the demo's videos are built from the sample clip, so the cues run to the
 * lesson's last second whatever length the catalogue gives it. A track uploaded in the console (issue 38,
 * server/media/captionUploads.ts) is its own WebVTT file on disk, under a path of `UPLOADED_PREFIX`.
 */
const NOT_FOUND = '요청하신 자막을 찾을 수 없습니다.';

/** What the demo instructor says, in turn; a cue every CUE_SECONDS. */
const LINES = [
  '편안하게 매트 위에 누워 호흡을 준비합니다.',
  '코로 깊게 들이마시고, 입으로 길게 내쉬세요.',
  '갈비뼈가 옆으로 넓어지는 느낌을 기억하세요.',
  '골반은 중립을 유지하고 허리가 뜨지 않게 합니다.',
  '내쉬는 숨에 복부를 안쪽으로 끌어당깁니다.',
  '어깨는 귀에서 멀어지도록 편안하게 내려주세요.',
  '무릎이 발끝 방향을 향하도록 정렬합니다.',
  '통증이 느껴지면 동작의 범위를 줄여주세요.',
  '천천히 원래 자세로 돌아옵니다.',
  '한 번 더 반복하겠습니다. 호흡을 잊지 마세요.',
];
export const CUE_SECONDS = 6;

const stamp = (s: number) => {
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
};

/** WebVTT cues covering [0, durationSeconds]: the last cue ends at the lesson's end. */
export function captionVtt(durationSeconds: number): string {
  const out = ['WEBVTT', ''];
  for (let at = 0, n = 0; at < durationSeconds; at += CUE_SECONDS, n++) {
    out.push(`${n + 1}`, `${stamp(at)} --> ${stamp(Math.min(at + CUE_SECONDS, durationSeconds))}`, LINES[n % LINES.length]!, '');
  }
  return out.join('\n');
}

/** The `path` of an uploaded track: made of the lecture and the language alone, never of anything a request names. */
const UPLOADED_PREFIX = 'uploaded-captions/';
/** A BCP 47 tag as the contract allows it (AdminCaptionLang): safe as a file name. */
export const CAPTION_LANG = /^[a-z]{2,3}(-[A-Z]{2})?$/;

function checkedLang(srclang: string): string {
  if (!CAPTION_LANG.test(srclang)) throw new Error(`caption language ${JSON.stringify(srclang)} is not a BCP 47 tag`);
  return srclang;
}
export const uploadedCaptionPath = (videoid: number, srclang: string) => `${UPLOADED_PREFIX}${Math.trunc(videoid)}/${checkedLang(srclang)}.vtt`;
export const isUploadedCaption = (path: string) => path.startsWith(UPLOADED_PREFIX);
/** Where an uploaded track's WebVTT is kept: `<dataDir>/media/captions/<videoid>/<srclang>.vtt`. */
export const uploadedCaptionFile = (dataDir: string, videoid: number, srclang: string) =>
  join(dataDir, 'media', 'captions', String(Math.trunc(videoid)), `${checkedLang(srclang)}.vtt`);

export interface CaptionTrack {
  srclang: string;
  label: string;
  url: string;
}

/** The tracks of a video, each linked like its video (open for a preview, `member` undefined; else signed for them, ten minutes). */
export async function captionTracks(db: Db, videoid: number, member: string | undefined): Promise<CaptionTrack[]> {
  const rows = await all(
    db,
    sql<{ srclang: string; label: string; path: string }>`select srclang, label, path from captions where videoid = ${videoid} order by srclang`,
  );
  return rows.map((r) => ({ srclang: r.srclang, label: r.label, url: mediaPath(r.path, member) }));
}

/** `GET /api/Media/DataGetMedia?path=….vtt`: a track, under its video's rule (a `<track src>` sends no token either). */
export async function captionFile(
  db: Db,
  query: { path: string; expires?: unknown; signature?: unknown; member?: unknown },
  dataDir: string,
): Promise<Response> {
  // As for the video (lessonMedia.ts): the link's member's hold on the class is read with the track, trusted once signed.
  const claimed = typeof query.member === 'string' ? query.member : undefined;
  const track = await one(
    db,
    sql<{ videoid: number; srclang: string; preview: boolean; duration: number; owned: boolean }>`select c.videoid, c.srclang,
      v.is_preview as preview, v.duration_sec as duration,
      ${claimed === undefined ? sql<boolean>`false` : ownsClassNowSql(claimed, sql.ref('v.contentsid'))} as owned
      from captions c join videos v on v.videoid = c.videoid where c.path = ${query.path}`,
  );
  if (!track) return fail(404, NOT_FOUND);
  const member = track.preview ? undefined : signedMediaMember(query.path, query);
  if (!track.preview && member === undefined) return fail(403, NOT_OWNER_VIDEO);
  if (member !== undefined && !track.owned) return refuseEndedLink('caption', member, query.path);
  // An uploaded track is read from the file its row names by lecture and language (the path only found the row).
  const vtt = isUploadedCaption(query.path)
    ? await readFile(uploadedCaptionFile(dataDir, track.videoid, track.srclang), 'utf8').catch(() => undefined)
    : captionVtt(track.duration);
  if (vtt === undefined) return fail(404, NOT_FOUND);
  return new Response(vtt, {
    // From a MEDIA_ORIGIN the player fetches the track across origins (VideoStage.tsx); the link itself is the key.
    headers: { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'private, max-age=3600', 'access-control-allow-origin': '*' },
  });
}
