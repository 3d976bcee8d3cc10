import { fail } from '../lib/failure';
import type { ThumbnailImage } from '../domain/classThumbnails';

/**
 * A class's thumbnail as the console uploads it (issue 38): the bytes told by their first bytes (JPEG, PNG or WebP,
 * whatever the file is called), then made by sharp into the sizes the store shows. The store draws a thumbnail at
 * 16:10 only: the cards at 480 × 300, the class view at 640 × 400 CSS pixels (the largest), the classroom, cart and
 * orders smaller. So every upload becomes a 16:10 crop (sharp's attention strategy keeps the busy part) at 960 × 600,
 * which the class's `thumbnail` names (sharp on the class view up to 1.5× screens and on the cards at 2×), and at
 * 480 × 300, the cards' own size (the console's preview uses it). WebP, quality 82; every metadata block (EXIF with
 * its GPS position and camera, XMP, ICC) is dropped after the EXIF orientation has turned the picture upright.
 *
 * sharp is loaded on the first upload only, and decodes on one thread: a decode of a large photo (~0.3 s) must not take
 * both cores from the members' requests. A picture whose header announces more than `MAX_PIXELS` is refused before
 * any pixel is decoded (sharp's `limitInputPixels`), so a small file that unpacks into gigabytes cannot exhaust memory.
 */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
export const THUMBNAIL_SIZES = [
  { width: 960, height: 600 },
  { width: 480, height: 300 },
] as const;
const MIN = THUMBNAIL_SIZES[1];

export const NO_FILE = '썸네일 이미지 파일을 선택해주세요.';
export const TOO_LARGE = '썸네일 이미지는 5MB까지 올릴 수 있습니다.';
export const NOT_AN_IMAGE = '썸네일은 JPEG, PNG, WebP 이미지만 올릴 수 있습니다.';
export const TOO_MANY_PIXELS = '이미지가 너무 큽니다. 4,000만 화소(예: 8000×5000)까지 올릴 수 있습니다.';
export const UNREADABLE = '이미지를 읽을 수 없습니다. 손상되었거나 끝까지 저장되지 않은 파일입니다.';
export const tooSmall = (w: number, h: number) =>
  `썸네일은 가로 ${MIN.width}픽셀, 세로 ${MIN.height}픽셀 이상이어야 합니다. (올린 이미지 ${w}×${h})`;

type ImageType = 'jpeg' | 'png' | 'webp';

/** What the first bytes say: JPEG (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF….WEBP), else nothing. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  const at = (i: number, ...b: number[]) => b.every((x, k) => bytes[i + k] === x);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}

type Sharp = typeof import('sharp').default;
let loading: Promise<Sharp> | undefined;
// The default export carries the library's settings as well, however the module is loaded (ESM or CommonJS).
const loadSharp = (): Promise<Sharp> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));

/** The form's `file` checked and made into the store's sizes (largest first); 400, 413 or 415 in Korean otherwise. */
export async function thumbnailImagesOf(form: FormData | undefined): Promise<ThumbnailImage[]> {
  const file = form?.get('file');
  if (!file || typeof file === 'string') return fail(400, NO_FILE);
  if (file.size > MAX_THUMBNAIL_BYTES) return fail(413, TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!imageTypeOf(bytes)) return fail(415, NOT_AN_IMAGE);
  const sharp = await loadSharp();
  // One animation frame at most; the pixel limit is read from the header, before any decoding.
  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, pages: 1, failOn: 'error' });
  let meta: import('sharp').Metadata;
  try {
    meta = await source().metadata();
  } catch (e) {
    return fail(400, /pixel limit/i.test(String(e)) ? TOO_MANY_PIXELS : UNREADABLE);
  }
  if (meta.width * meta.height > MAX_PIXELS) return fail(400, TOO_MANY_PIXELS);
  // Upright size: orientations 5-8 swap the sides.
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (w < MIN.width || h < MIN.height) return fail(400, tooSmall(w, h));
  try {
    return await Promise.all(
      THUMBNAIL_SIZES.map(async (size) => ({
        ...size,
        bytes: new Uint8Array(
          await source()
            .rotate()
            .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
            .webp({ quality: 82 })
            .toBuffer(),
        ),
      })),
    );
  } catch (e) {
    if (/pixel limit/i.test(String(e))) return fail(400, TOO_MANY_PIXELS);
    return fail(400, UNREADABLE);
  }
}
