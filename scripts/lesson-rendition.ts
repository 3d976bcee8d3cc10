/**
 * npx tsx scripts/lesson-rendition.ts: writes server/assets/lesson-90p.mp4, the HLS lecture's lower rendition
 * (issue 26), from server/assets/lesson.mp4. The project has no ffmpeg; Chromium's WebCodecs decodes the clip, scales
 * each frame to 160×90 and encodes it again as H.264 (baseline, no B-frames, one key frame like the original), and
 * the MP4 is written with the same box code the server streams from (server/media/lessonVideo.ts). Run once; the
 * output is committed like the clip it comes from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { lessonClip, progressiveLesson, type Clip } from '../server/media/lessonVideo';

const ASSETS = fileURLToPath(new URL('../server/assets/', import.meta.url));
const [WIDTH, HEIGHT] = [160, 90];
const clip = lessonClip(`${ASSETS}lesson.mp4`);
const avcC = (stsd: Buffer) => {
  const at = stsd.indexOf('avcC', 0, 'latin1');
  return stsd.subarray(at + 4, at - 4 + stsd.readUInt32BE(at - 4));
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  // WebCodecs needs a secure context.
  await page.route('https://rendition.invalid/', (r) => r.fulfill({ body: '<!doctype html><title>r</title>', contentType: 'text/html' }));
  await page.goto('https://rendition.invalid/');
  // tsx names the functions it compiles with a helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  const input = {
    description: [...avcC(clip.stsd)],
    codec: `avc1.${avcC(clip.stsd).subarray(1, 4).toString('hex')}`,
    samples: clip.samples.map((s) => ({ key: s.sync, data: [...clip.file.subarray(s.offset, s.offset + s.size)], duration: s.duration })),
    width: WIDTH,
    height: HEIGHT,
  };
  const out = await page.evaluate(async (inp) => {
    const chunks: { key: boolean; data: number[] }[] = [];
    let description: number[] = [];
    const canvas = new OffscreenCanvas(inp.width, inp.height);
    const g = canvas.getContext('2d')!;
    const encoder = new VideoEncoder({
      output: (chunk, meta) => {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        chunks.push({ key: chunk.type === 'key', data: [...data] });
        if (meta?.decoderConfig?.description) description = [...new Uint8Array(meta.decoderConfig.description as ArrayBuffer)];
      },
      error: (e) => {
        throw e;
      },
    });
    encoder.configure({ codec: 'avc1.42c01e', width: inp.width, height: inp.height, bitrate: 24_000, framerate: 15, avc: { format: 'avc' }, latencyMode: 'quality' });
    let n = 0;
    const decoder = new VideoDecoder({
      output: (frame) => {
        g.drawImage(frame, 0, 0, inp.width, inp.height);
        const scaled = new VideoFrame(canvas, { timestamp: frame.timestamp, duration: frame.duration ?? undefined });
        frame.close();
        encoder.encode(scaled, { keyFrame: n++ === 0 });
        scaled.close();
      },
      error: (e) => {
        throw e;
      },
    });
    decoder.configure({ codec: inp.codec, description: new Uint8Array(inp.description) });
    let t = 0;
    for (const s of inp.samples) {
      decoder.decode(new EncodedVideoChunk({ type: s.key ? 'key' : 'delta', timestamp: t, data: new Uint8Array(s.data) }));
      t += s.duration;
    }
    await decoder.flush();
    await encoder.flush();
    return { chunks, description };
  }, input);
  if (out.chunks.length !== clip.samples.length) throw new Error(`encoded ${out.chunks.length} of ${clip.samples.length} frames`);

  // The original's sample entry with the new size and decoder configuration (avc1 header: 78 bytes after its box header).
  const entryAt = clip.stsd.indexOf('avc1', 0, 'latin1') - 4;
  const head = Buffer.from(clip.stsd.subarray(entryAt + 8, entryAt + 8 + 78));
  head.writeUInt16BE(WIDTH, 24);
  head.writeUInt16BE(HEIGHT, 26);
  const sized = (type: string, body: Buffer) => {
    const b = Buffer.alloc(8);
    b.writeUInt32BE(body.length + 8, 0);
    b.write(type, 4, 'latin1');
    return Buffer.concat([b, body]);
  };
  const entry = sized('avc1', Buffer.concat([head, sized('avcC', Buffer.from(out.description))]));
  const stsdHead = Buffer.alloc(8);
  stsdHead.writeUInt32BE(1, 4);
  const tkhd = Buffer.from(clip.tkhd);
  tkhd.writeUInt32BE(WIDTH << 16, tkhd.length - 8);
  tkhd.writeUInt32BE(HEIGHT << 16, tkhd.length - 4);
  const data = out.chunks.map((c) => Buffer.from(c.data));
  let at = 0;
  const small: Clip = {
    ...clip,
    file: Buffer.concat(data),
    tkhd,
    stsd: sized('stsd', Buffer.concat([stsdHead, entry])),
    samples: data.map((d, i) => {
      const s = { offset: at, size: d.length, duration: clip.samples[i]!.duration, sync: out.chunks[i]!.key };
      at += d.length;
      return s;
    }),
  };
  const file = progressiveLesson(small, 1);
  writeFileSync(`${ASSETS}lesson-90p.mp4`, file);
  // Read back through the server's own parser: what it streams is what was written.
  const back = lessonClip(`${ASSETS}lesson-90p.mp4`);
  console.log(`lesson-90p.mp4: ${file.length} bytes (lesson.mp4 ${readFileSync(`${ASSETS}lesson.mp4`).length}), ${back.samples.length} frames, ${back.samples.filter((s) => s.sync).length} key`);
} finally {
  await browser.close();
}
