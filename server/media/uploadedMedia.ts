import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { signedQuery } from '../lib/signedUrl';
import { onMediaOrigin } from '../lib/mediaOrigin';
import { fail } from '../lib/failure';

/**
 * A lecture uploaded in the console and made into an HLS ladder (server/jobs/transcodeJob.ts): `videos.path` is
 * `uploaded/<videoid>/<uploadid>/master.m3u8`, its files under `<dataDir>/media/uploaded/<videoid>/<uploadid>/`. The
 * playlists are served with every link inside signed, as the demo's HLS lectures are (server/media/lessonMedia.ts).
 */
export const UPLOADED_PART = /^(uploaded\/\d+\/[A-Za-z0-9_-]+\/master\.m3u8)(?:\/(\d{3,4}p)\/(index\.m3u8|init(?:_\d+)?\.mp4|\d+\.m4s))?$/;
const NOT_FOUND = '요청하신 영상을 찾을 수 없습니다.';

export const uploadedFolder = (dataDir: string, videoid: number, uploadid: string) => join(dataDir, 'media', 'uploaded', String(videoid), uploadid);

export async function uploadedMedia(dataDir: string, requested: string, video: { preview: boolean; duration: number }): Promise<Response> {
  const m = UPLOADED_PART.exec(requested);
  if (!m) return fail(404, NOT_FOUND);
  const [, master, rung, file] = m;
  const folder = join(dataDir, 'media', master!.replace(/\/master\.m3u8$/, ''));
  const ttl = video.duration + 600;
  const link = (part: string) => {
    const p = `${master}/${part}`;
    return onMediaOrigin(`/api/Media/DataGetMedia?path=${encodeURIComponent(p)}${video.preview ? '' : signedQuery(`media:${p}`, ttl)}`);
  };
  const read = (path: string) =>
    readFile(path).catch(() => fail(404, NOT_FOUND));
  if (!rung) {
    const text = (await read(join(folder, 'master.m3u8'))).toString('utf8');
    return playlist(text.split('\n').map((line) => (line && !line.startsWith('#') ? link(line.trim()) : line)));
  }
  if (file === 'index.m3u8') {
    const text = (await read(join(folder, rung, 'index.m3u8'))).toString('utf8');
    return playlist(
      text.split('\n').map((line) =>
        line.startsWith('#EXT-X-MAP:URI="')
          ? line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${link(`${rung}/${uri}`)}"`)
          : line && !line.startsWith('#')
            ? link(`${rung}/${line.trim()}`)
            : line,
      ),
    );
  }
  const bytes = await read(join(folder, rung, file!));
  return new Response(new Uint8Array(bytes), {
    headers: { 'cache-control': 'private, max-age=3600', 'content-type': file!.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment' },
  });
}

const playlist = (lines: string[]) =>
  new Response(lines.join('\n'), { headers: { 'cache-control': 'private, no-store', 'content-type': 'application/vnd.apple.mpegurl' } });
