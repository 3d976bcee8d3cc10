import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import {
  CLIP_SECONDS,
  clipBitrate,
  clipCodec,
  clipSize,
  hlsFragment,
  hlsInit,
  lessonClip,
  lessonFrames,
  progressiveLesson,
} from './lessonVideo';
import { onMediaOrigin } from '../lib/mediaOrigin';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { NOT_OWNER_VIDEO, refuseEndedLink, signedMediaMember, signedMediaQuery } from '../domain/access';
import { ownsClassNowSql } from '../domain/ownership';
import { UPLOADED_PART, uploadedMedia } from './uploadedMedia';
import type { LectureStorage } from '../domain/lectureMedia';

/**
 * `GET /api/Media/DataGetMedia?path=`: a lecture video as long as its catalogue duration, built from the
 * sample clip. A path ending in `.m3u8` is an HLS lecture: a master playlist of its renditions (issue 26), each
 * `<path>/<rendition>/index.m3u8` listing `<path>/<rendition>/init.mp4` and `<path>/<rendition>/<n>.m4s` fragments,
 * each link signed by the playlist that listed it.
 */
const HLS_PART = /^(.+?\.m3u8)(?:\/(\d+p)\/(index\.m3u8|init\.mp4|(\d+)\.m4s))?$/;

/**
 * The HLS renditions, best first: the sample clip (320×180) and a real 160×90 encoding of it
 * (server/assets/lesson-90p.mp4, made by scripts/lesson-rendition.ts), so the quality menu switches real pictures.
 */
const RENDITIONS = [
  { name: '180p', file: 'lesson.mp4' },
  { name: '90p', file: 'lesson-90p.mp4' },
];
const NOT_FOUND = '요청하신 영상을 찾을 수 없습니다.';

export async function lessonMedia(
  db: Db,
  clipFile: string,
  /** The getMedia query: the video path and, for a class video, its link's signature and member. */
  query: { path: string; expires?: unknown; signature?: unknown; member?: unknown },
  range: string | undefined,
  /** Where lectures uploaded in the console are kept (server/media/uploadedMedia.ts). */
  lectures: LectureStorage,
): Promise<Response> {
  const requested = String(query.path);
  const uploaded = UPLOADED_PART.exec(requested);
  const hls = uploaded ? null : HLS_PART.exec(requested);
  const videoPath = uploaded ? uploaded[1]! : hls ? hls[1]! : requested;
  // Whether the link's member has the class now rides on the same read (one indexed probe of enrollments): it is
  // trusted only once the signature below has shown the link was issued to that member.
  const claimed = typeof query.member === 'string' ? query.member : undefined;
  const video = await one(
    db,
    sql<{
      preview: boolean;
      duration: number;
      owned: boolean;
    }>`select bool_or(v.is_preview) as preview, max(v.duration_sec)::int as duration,
      bool_or(${claimed === undefined ? sql<boolean>`false` : ownsClassNowSql(claimed, sql.ref('v.contentsid'))}) as owned
      from videos v where v.path = ${videoPath} having count(*) > 0`,
  );
  if (!video) return fail(404, NOT_FOUND);
  // A `<video src>` sends no token: a class video plays only from the signed link GetVideoSourceUrl gave its owner,
  // and only while that owner still has the class (a refund or an ended access period cuts every link at once).
  const member = video.preview ? undefined : signedMediaMember(requested, query);
  if (!video.preview && member === undefined) return fail(403, NOT_OWNER_VIDEO);
  if (member !== undefined && !video.owned) return refuseEndedLink('video', member, requested);
  if (uploaded) return uploadedMedia(lectures, requested, video, member);
  const headers = { 'cache-control': 'private, max-age=3600' };
  if (!hls) return bytesWithRange(progressive(lessonClip(clipFile), video.duration), range, 'video/mp4');
  const assets = dirname(clipFile);
  // Fragment links live as long as the lesson plus the usual ten minutes, so a long lesson is not cut off.
  const ttl = video.duration + 600;
  const link = (part: string) => {
    const p = `${videoPath}/${part}`;
    const signed = member === undefined ? '' : signedMediaQuery(p, member, ttl);
    return onMediaOrigin(`/api/Media/DataGetMedia?path=${encodeURIComponent(p)}${signed}`);
  };
  const playlist = (lines: string[]) =>
    new Response(lines.join('\n'), {
      headers: { 'cache-control': 'private, no-store', 'content-type': 'application/vnd.apple.mpegurl' },
    });
  if (!hls[2]) {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
    for (const r of RENDITIONS) {
      const clip = lessonClip(join(assets, r.file));
      const { width, height } = clipSize(clip);
      lines.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${clipBitrate(clip)},RESOLUTION=${width}x${height},CODECS="${clipCodec(clip)}"`,
        link(`${r.name}/index.m3u8`),
      );
    }
    return playlist([...lines, '']);
  }
  const rendition = RENDITIONS.find((r) => r.name === hls[2]);
  if (!rendition) return fail(404, NOT_FOUND);
  const clip = lessonClip(join(assets, rendition.file));
  // Whole clips, then a cut one, so the lesson is exactly its catalogue length (lessonFrames).
  const frames = lessonFrames(clip, video.duration);
  const perClip = clip.samples.length;
  const repeat = Math.ceil(frames / perClip);
  const framesOf = (i: number) => Math.min(perClip, frames - i * perClip);
  if (hls[3] === 'init.mp4')
    return new Response(new Uint8Array(hlsInit(clip)), { headers: { ...headers, 'content-type': 'video/mp4' } });
  if (hls[4] !== undefined) {
    const index = Number(hls[4]);
    if (index >= repeat) return fail(404, NOT_FOUND);
    return new Response(new Uint8Array(hlsFragment(clip, index, framesOf(index))), {
      headers: { ...headers, 'content-type': 'video/iso.segment' },
    });
  }
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${CLIP_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    `#EXT-X-MAP:URI="${link(`${rendition.name}/init.mp4`)}"`,
  ];
  for (let i = 0; i < repeat; i++)
    lines.push(`#EXTINF:${((framesOf(i) / perClip) * CLIP_SECONDS).toFixed(3)},`, link(`${rendition.name}/${i}.m4s`));
  return playlist([...lines, '#EXT-X-ENDLIST', '']);
}

// The few lengths in use, built once each (a 20-minute lesson is about 15 MB).
const built = new Map<number, Buffer>();
function progressive(clip: Parameters<typeof progressiveLesson>[0], seconds: number): Buffer {
  const frames = lessonFrames(clip, seconds);
  let b = built.get(frames);
  if (!b) {
    if (built.size >= 8) built.delete(built.keys().next().value!);
    b = progressiveLesson(clip, 1, frames);
    built.set(frames, b);
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
