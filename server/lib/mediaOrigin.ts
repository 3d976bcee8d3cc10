/**
 * Where lecture video bytes are fetched from (issue 27): `MEDIA_ORIGIN` (e.g. `https://media.example.kr`, a CDN in
 * front of an object store or of this server) prefixes every media link the API gives (`sourceurl`, `previewurl`, HLS
 * playlist entries); unset, links stay relative to this server, as in the demo. The link's path and its signature
 * (`expires`, `signature`, `member`: HMAC-SHA256 of `media:<member>:<path>\n<expires>` under SIGNED_URL_SECRET, server/domain/access.ts)
 * are the same either way, so a CDN edge holding the secret can check a link itself (docs/capacity.md).
 */
export function mediaOriginOf(env: Record<string, string | undefined>): string {
  const raw = env.MEDIA_ORIGIN?.trim();
  if (!raw) return '';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`MEDIA_ORIGIN must be an http(s) origin (got "${raw}")`);
  return url.origin;
}

const ORIGIN = mediaOriginOf(process.env);

/** A media link (`/api/Media/DataGetMedia?…`) on the configured media origin. */
export const onMediaOrigin = (pathAndQuery: string): string => ORIGIN + pathAndQuery;

/** The origin to allow in the page's media-src and connect-src (HLS fragments are fetched), or none. */
export const mediaSources = (): string[] => (ORIGIN ? [ORIGIN] : []);
