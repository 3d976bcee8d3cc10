import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CLIP_SECONDS, hlsFragment, hlsInit, lessonClip, progressiveLesson } from './lessonVideo';
import { signedQuery, verifySignature } from '../lib/signedUrl';
import { onMediaOrigin } from '../lib/mediaOrigin';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { NOT_OWNER_VIDEO } from '../domain/access';

/**
 * `GET /api/Media/DataGetMedia?path=`: a lecture video as long as its catalogue duration, built from the
 * sample clip. A path ending in `.m3u8` is an HLS lecture: the playlist, then `<path>/init.mp4` and
 * `<path>/<n>.m4s` fragments, each link signed by the playlist that listed it.
 */
const HLS_PART = /^(.+\.m3u8)(?:\/(init\.mp4|(\d+)\.m4s))?$/;
const NOT_FOUND = '요청하신 영상을 찾을 수 없습니다.';

export async function lessonMedia(
  db: Db,
  clipFile: string,
  /** The getMedia query: the video path and, for a class video, its link's signature. */
  query: { path: string; expires?: unknown; signature?: unknown },
  range: string | undefined,
): Promise<Response> {
  const requested = String(query.path);
  const hls = HLS_PART.exec(requested);
  const videoPath = hls ? hls[1]! : requested;
  const video = await one(
    db,
    sql<{
      preview: boolean;
      duration: number;
    }>`select bool_or(is_preview) as preview, max(duration_sec)::int as duration from videos where path = ${videoPath} having count(*) > 0`,
  );
  if (!video) return fail(404, NOT_FOUND);
  // A `<video src>` sends no token: a class video plays only from the signed link GetVideoSourceUrl gave its owner.
  if (!video.preview && !verifySignature(`media:${requested}`, query.expires, query.signature)) return fail(403, NOT_OWNER_VIDEO);
  const clip = lessonClip(clipFile);
  const repeat = Math.max(1, Math.round(video.duration / CLIP_SECONDS));
  const headers = { 'cache-control': 'private, max-age=3600' };
  if (!hls) return bytesWithRange(progressive(clip, repeat), range, 'video/mp4');
  if (hls[2] === 'init.mp4')
    return new Response(new Uint8Array(hlsInit(clip)), { headers: { ...headers, 'content-type': 'video/mp4' } });
  if (hls[3] !== undefined) {
    const index = Number(hls[3]);
    if (index >= repeat) return fail(404, NOT_FOUND);
    return new Response(new Uint8Array(hlsFragment(clip, index)), {
      headers: { ...headers, 'content-type': 'video/iso.segment' },
    });
  }
  // Fragment links live as long as the lesson plus the usual ten minutes, so a long lesson is not cut off.
  const ttl = video.duration + 600;
  const link = (part: string) => {
    const p = `${videoPath}/${part}`;
    const signed = video.preview ? '' : signedQuery(`media:${p}`, ttl);
    return onMediaOrigin(`/api/Media/DataGetMedia?path=${encodeURIComponent(p)}${signed}`);
  };
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${CLIP_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    `#EXT-X-MAP:URI="${link('init.mp4')}"`,
  ];
  for (let i = 0; i < repeat; i++) lines.push(`#EXTINF:${CLIP_SECONDS.toFixed(3)},`, link(`${i}.m4s`));
  lines.push('#EXT-X-ENDLIST', '');
  return new Response(lines.join('\n'), {
    headers: { 'cache-control': 'private, no-store', 'content-type': 'application/vnd.apple.mpegurl' },
  });
}

// The few lengths in use, built once each (a 20-minute lesson is about 15 MB).
const built = new Map<number, Buffer>();
function progressive(clip: Parameters<typeof progressiveLesson>[0], repeat: number): Buffer {
  let b = built.get(repeat);
  if (!b) {
    if (built.size >= 8) built.delete(built.keys().next().value!);
    b = progressiveLesson(clip, repeat);
    built.set(repeat, b);
  }
  return b;
}

/** HTTP Range over bytes in memory (206 + Content-Range), so the player can seek. */
function bytesWithRange(bytes: Buffer, rangeHeader: string | undefined, contentType: string): Response {
  const size = bytes.length;
  const base = { 'accept-ranges': 'bytes', 'content-type': contentType, 'cache-control': 'private, max-age=3600' };
  if (!rangeHeader)
    return new Response(new Uint8Array(bytes), { status: 200, headers: { ...base, 'content-length': String(size) } });
  const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
  let start = m?.[1] ? Number(m[1]) : NaN;
  let end = m?.[2] ? Number(m[2]) : size - 1;
  if (m && !m[1] && m[2]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  }
  if (!m || Number.isNaN(start) || start >= size || end < start) {
    return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${size}` } });
  }
  end = Math.min(end, size - 1);
  return new Response(new Uint8Array(bytes.subarray(start, end + 1)), {
    status: 206,
    headers: { ...base, 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${size}` },
  });
}
