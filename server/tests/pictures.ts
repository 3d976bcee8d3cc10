import { deflateSync } from 'node:zlib';

/**
 * Pictures made in the test, byte by byte: a real PNG a browser paints (one colour, optional text chunks as an editor
 * writes them) and JPEG and WebP headers as cameras and encoders write them (their pixels are not meant to be shown).
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of one colour (RGB), with text chunks (`tEXt`) if given. */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [46, 125, 50], text: Record<string, string> = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...Object.entries(text).map(([k, v]) => chunk('tEXt', Buffer.from(`${k}\0${v}`, 'latin1'))),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A PNG that looks like a banner: a left-to-right gradient between two colours. */
export function gradientPng(width: number, height: number, from: [number, number, number] = [46, 125, 80], to: [number, number, number] = [142, 85, 114]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(from.map((c, i) => Math.round(c + ((to[i]! - c) * x) / (width - 1))), 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', new Uint8Array()),
  ]);
}

const segment = (marker: number, payload: Uint8Array) => Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);

/** A JPEG's segments as a phone writes them: JFIF, Exif with an orientation and a place, a comment, the frame and a scan. */
export function jpegOf(width: number, height: number, { orientation = 1, place = 'GPS 37.5006N 127.0364E' } = {}): Buffer {
  // Exif (big-endian TIFF): IFD0 with the orientation, then the "place" as an ASCII tag's value after the IFD.
  const placeBytes = Buffer.from(`${place}\0`, 'latin1');
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  tiff.writeUInt16BE(0x0112, 10); // Orientation, SHORT, 1
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt16BE(0x010e, 22); // ImageDescription, ASCII
  tiff.writeUInt16BE(2, 24);
  tiff.writeUInt32BE(placeBytes.length, 26);
  tiff.writeUInt32BE(tiff.length, 30);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, placeBytes]);
  const sof = Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exif),
    segment(0xfe, Buffer.from(`찍은 곳: ${place}`)),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0x56, 0x78, 0xff, 0xd9]),
  ]);
}

/** A lossless WebP's header (VP8L) of the given size. */
export function webpOf(width: number, height: number): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const vp8l = Buffer.alloc(10);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(bits >>> 0, 1);
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([body.length & 0xff, (body.length >> 8) & 0xff, 0, 0]), body]);
}
