import { describe, expect, it } from 'vitest';
import { readPicture } from './pictures';
import { jpegOf, pngOf, webpOf } from '../tests/pictures';

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('pictures told by their bytes', () => {
  it('reads the size of a PNG, a JPEG and a WebP', () => {
    expect(readPicture(pngOf(1200, 400))).toMatchObject({ type: 'image/png', width: 1200, height: 400 });
    expect(readPicture(jpegOf(1600, 900))).toMatchObject({ type: 'image/jpeg', width: 1600, height: 900 });
    expect(readPicture(webpOf(2400, 800))).toMatchObject({ type: 'image/webp', width: 2400, height: 800 });
  });

  it('refuses what only looks like a picture by its name: SVG, HTML, GIF, a cut PNG', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const png = pngOf(800, 300);
    for (const bytes of [svg, html, gif, png.subarray(0, png.length - 12), Buffer.alloc(0)]) expect(readPicture(bytes)).toBeUndefined();
  });

  it("drops a PNG's text chunks and keeps its pixels", () => {
    const withText = pngOf(700, 300, [200, 30, 30], { Comment: 'GPS 37.5N', Author: 'someone' });
    const kept = readPicture(withText)!;
    expect(text(kept.bytes)).not.toContain('GPS 37.5N');
    expect(text(kept.bytes)).not.toContain('tEXt');
    expect(Buffer.from(kept.bytes).equals(pngOf(700, 300, [200, 30, 30]))).toBe(true);
  });

  it("drops a JPEG's Exif and comments, keeping its orientation so a portrait photo stands upright", () => {
    const upright = readPicture(jpegOf(1200, 800))!;
    expect(text(upright.bytes)).not.toContain('GPS');
    expect(text(upright.bytes)).not.toContain('Exif');
    const turned = readPicture(jpegOf(1200, 800, { orientation: 6 }))!;
    expect(text(turned.bytes)).not.toContain('GPS');
    // The minimal Exif block right after JFIF holds orientation 6 alone.
    expect(readPicture(turned.bytes)).toMatchObject({ width: 1200, height: 800 });
    const app1 = Buffer.from(turned.bytes).indexOf(Buffer.from([0xff, 0xe1]));
    expect(app1).toBe(2 + 18);
    expect([...turned.bytes.subarray(app1 + 10, app1 + 30)]).toEqual([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]);
  });
});
