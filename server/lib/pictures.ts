/**
 * Pictures told by their bytes (never a name or a declared type): PNG, JPEG and WebP, their pixel size read from their
 * headers, and the metadata a camera or an editor writes (place, device, comments) dropped from JPEG and PNG. No image
 * library: the bytes that are kept are the uploaded ones, minus those metadata blocks.
 */
export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface Picture {
  type: PictureType;
  width: number;
  height: number;
  /** The bytes to keep: the upload without its metadata blocks (WebP: as uploaded). */
  bytes: Uint8Array;
}

export const PICTURE_EXTENSION: Record<PictureType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** The picture in these bytes, or undefined when they are no PNG, JPEG or WebP this reader can size. */
export function readPicture(bytes: Uint8Array): Picture | undefined {
  if (bytes.length >= 33 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return png(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  return undefined;
}

/** PNG chunks that carry text, a time or Exif: dropped. Every other chunk, pixels and colour among them, is kept. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function png(b: Uint8Array): Picture | undefined {
  if (ascii(b, 12, 4) !== 'IHDR') return undefined;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let at = 8;
  let ended = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (end > b.length) return undefined;
    if (!PNG_METADATA.has(type)) kept.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  return ended && width > 0 && height > 0 ? { type: 'image/png', width, height, bytes: concat(kept) } : undefined;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the pixel size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** APP1 (Exif, XMP), APP13 (Photoshop IPTC) and comments: dropped. JFIF, ICC colour (APP2) and Adobe (APP14) stay. */
const JPEG_METADATA = new Set([0xe1, 0xed, 0xfe]);

function jpeg(b: Uint8Array): Picture | undefined {
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let orientation = 1;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = u16be(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) return undefined;
    if (SOF.has(marker) && length >= 7) {
      height = u16be(b, at + 5);
      width = u16be(b, at + 7);
    }
    if (marker === 0xe1) orientation = exifOrientation(b.subarray(at + 4, end)) ?? orientation;
    if (marker === 0xda) {
      // Start of scan: the compressed pixels follow to the end; kept whole.
      kept.push(b.subarray(at));
      // After JFIF's APP0 when there is one (it must come first), else right after the start.
      if (orientation !== 1) kept.splice(kept[1]?.[1] === 0xe0 ? 2 : 1, 0, orientationSegment(orientation));
      return width > 0 && height > 0 ? { type: 'image/jpeg', width, height, bytes: concat(kept) } : undefined;
    }
    if (!JPEG_METADATA.has(marker)) kept.push(b.subarray(at, end));
    at = end;
  }
  return undefined;
}

/** The Exif orientation (1–8) of an APP1 payload, if it is Exif and names one. */
function exifOrientation(p: Uint8Array): number | undefined {
  if (p.length < 14 || ascii(p, 0, 6) !== 'Exif\0\0') return undefined;
  const t = p.subarray(6);
  const little = ascii(t, 0, 2) === 'II';
  const u16 = (at: number) => (little ? u16le(t, at) : u16be(t, at));
  const u32 = (at: number) => (little ? (u16le(t, at) | (u16le(t, at + 2) << 16)) >>> 0 : u32be(t, at));
  const ifd = u32(4);
  if (ifd + 2 > t.length) return undefined;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > t.length) return undefined;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : undefined;
    }
  }
  return undefined;
}

/**
 * A minimal Exif block holding only the orientation, so a phone's portrait photo still stands upright once its other
 * Exif (place, device, time) is gone.
 */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff);
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

function webp(b: Uint8Array): Picture | undefined {
  const chunk = ascii(b, 12, 4);
  let width = 0;
  let height = 0;
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === 'VP8X') {
    width = u24le(b, 24) + 1;
    height = u24le(b, 27) + 1;
  }
  return width > 0 && height > 0 ? { type: 'image/webp', width, height, bytes: b } : undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
