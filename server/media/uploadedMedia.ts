import { onMediaOrigin } from '../lib/mediaOrigin';
import { fail } from '../lib/failure';
import type { LectureStorage } from '../domain/lectureMedia';
import { signedMediaQuery } from '../domain/access';

/**
 * A lecture uploaded in the console and made into an HLS ladder (server/jobs/transcodeJob.ts): `videos.path` is
 * `uploaded/<videoid>/<uploadid>/master.m3u8`, its files in the lecture store (server/media/lectureStorage.ts: the data
 * folder, or the bucket). The playlists are served with every link inside signed, as the demo's HLS lectures are
 * (server/media/lessonMedia.ts); segments stream through from the store behind the same signed link.
 */
export const UPLOADED_PART = /^(uploaded\/\d+\/[A-Za-z0-9_-]+\/master\.m3u8)(?:\/(\d{3,4}p)\/(index\.m3u8|init(?:_\d+)?\.mp4|\d+\.m4s))?$/;
const NOT_FOUND = '요청하신 영상을 찾을 수 없습니다.';

/** `member`: whom the links inside a playlist are signed for (the one its own link named); none for a preview. */
export async function uploadedMedia(
  storage: LectureStorage,
  requested: string,
  video: { preview: boolean; duration: number },
  member: string | undefined,
): Promise<Response> {
  const m = UPLOADED_PART.exec(requested);
  if (!m) return fail(404, NOT_FOUND);
  const [, master, rung, file] = m;
  const folder = master!.replace(/\/master\.m3u8$/, '');
  const ttl = video.duration + 600;
  const link = (part: string) => {
    const p = `${master}/${part}`;
    return onMediaOrigin(`/api/Media/DataGetMedia?path=${encodeURIComponent(p)}${member === undefined ? '' : signedMediaQuery(p, member, ttl)}`);
  };
  const read = async (path: string) => (await storage.ladderFile(path)) ?? fail(404, NOT_FOUND);
  const text = async (path: string) => new Response((await read(path)).body).text();
  if (!rung) {
    const variants = await text(`${folder}/master.m3u8`);
    return playlist(variants.split('\n').map((line) => (line && !line.startsWith('#') ? link(line.trim()) : line)));
  }
  if (file === 'index.m3u8') {
    const index = await text(`${folder}/${rung}/index.m3u8`);
    return playlist(
      index.split('\n').map((line) =>
        line.startsWith('#EXT-X-MAP:URI="')
          ? line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${link(`${rung}/${uri}`)}"`)
          : line && !line.startsWith('#')
            ? link(`${rung}/${line.trim()}`)
            : line,
      ),
    );
  }
  const part = await read(`${folder}/${rung}/${file!}`);
  const headers: Record<string, string> = { 'cache-control': 'private, max-age=3600', 'content-type': file!.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment' };
  if (part.length !== undefined) headers['content-length'] = String(part.length);
  return new Response(part.body, { headers });
}

const playlist = (lines: string[]) =>
  new Response(lines.join('\n'), { headers: { 'cache-control': 'private, no-store', 'content-type': 'application/vnd.apple.mpegurl' } });
