import { readFileSync } from 'node:fs';

/**
 * The demo's lecture videos, made from the one 4-second sample clip (server/assets/lesson.mp4) without
 * ffmpeg: its video samples are repeated until the clip is long enough to resume at a stored second,
 * watch for minutes and cut the network mid-lesson. Two shapes of the same frames:
 * - a progressive MP4 (native `<video>` path, Range requests);
 * - fragmented MP4 for HLS (an init segment and one 4-second fragment per repetition), played by hls.js.
 * The audio track is left out: AAC priming makes repeated audio drift against the video.
 */

interface Box {
  type: string;
  start: number;
  /** First byte after the header. */
  body: number;
  end: number;
}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let off = from; off < to;) {
    let size = buf.readUInt32BE(off);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(off + 8));
      header = 16;
    }
    out.push({ type: buf.toString('latin1', off + 4, off + 8), start: off, body: off + header, end: off + size });
    off += size;
  }
  return out;
}

function child(buf: Buffer, parent: Box, type: string): Box {
  const found = boxes(buf, parent.body, parent.end).find((b) => b.type === type);
  if (!found) throw new Error(`lesson.mp4: no ${type} in ${parent.type}`);
  return found;
}

const path = (buf: Buffer, root: Box, ...types: string[]) => types.reduce((b, t) => child(buf, b, t), root);

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A full box: version, flags, then 32-bit words. */
function fullBox(type: string, version: number, flags: number, words: number[], tail: Buffer[] = []): Buffer {
  const b = Buffer.alloc(4 + words.length * 4);
  b.writeUInt32BE(((version << 24) | flags) >>> 0, 0);
  words.forEach((w, i) => b.writeUInt32BE(w >>> 0, 4 + i * 4));
  return box(type, b, ...tail);
}

const raw = (buf: Buffer, b: Box) => buf.subarray(b.start, b.end);

export interface Clip {
  file: Buffer;
  ftyp: Buffer;
  /** mvhd, tkhd, mdhd of the video track (patched copies get the new duration). */
  mvhd: Buffer;
  tkhd: Buffer;
  mdhd: Buffer;
  hdlr: Buffer;
  vmhd: Buffer;
  dinf: Buffer;
  stsd: Buffer;
  trackId: number;
  movieDuration: number;
  mediaDuration: number;
  samples: { offset: number; size: number; duration: number; sync: boolean }[];
}

/** The video track's samples of the sample clip (stts, stss, stsz, stsc, stco read in full). */
function readClip(file: Buffer): Clip {
  const top = boxes(file, 0, file.length);
  const moov = top.find((b) => b.type === 'moov')!;
  const ftyp = top.find((b) => b.type === 'ftyp')!;
  const trak = boxes(file, moov.body, moov.end).find(
    (t) =>
      t.type === 'trak' &&
      file.toString('latin1', path(file, t, 'mdia', 'hdlr').body + 8, path(file, t, 'mdia', 'hdlr').body + 12) === 'vide',
  )!;
  const stbl = path(file, trak, 'mdia', 'minf', 'stbl');
  const u32 = (o: number) => file.readUInt32BE(o);
  const stts = child(file, stbl, 'stts');
  const durations: number[] = [];
  for (let i = 0, n = u32(stts.body + 4); i < n; i++)
    for (let k = 0; k < u32(stts.body + 8 + i * 8); k++) durations.push(u32(stts.body + 12 + i * 8));
  const stsz = child(file, stbl, 'stsz');
  const fixed = u32(stsz.body + 4);
  const count = u32(stsz.body + 8);
  const sizes = Array.from({ length: count }, (_, i) => fixed || u32(stsz.body + 12 + i * 4));
  const stss = boxes(file, stbl.body, stbl.end).find((b) => b.type === 'stss');
  const syncs = new Set<number>(
    stss ? Array.from({ length: u32(stss.body + 4) }, (_, i) => u32(stss.body + 8 + i * 4) - 1) : sizes.map((_, i) => i),
  );
  const stsc = child(file, stbl, 'stsc');
  const stco = child(file, stbl, 'stco');
  const chunks = Array.from({ length: u32(stco.body + 4) }, (_, i) => u32(stco.body + 8 + i * 4));
  const runs = Array.from({ length: u32(stsc.body + 4) }, (_, i) => ({
    first: u32(stsc.body + 8 + i * 12) - 1,
    perChunk: u32(stsc.body + 12 + i * 12),
  }));
  const offsets: number[] = [];
  chunks.forEach((chunkStart, c) => {
    const run = runs.filter((r) => r.first <= c).at(-1)!;
    let at = chunkStart;
    for (let k = 0; k < run.perChunk && offsets.length < count; k++) {
      offsets.push(at);
      at += sizes[offsets.length - 1]!;
    }
  });
  const mvhd = child(file, moov, 'mvhd');
  const mdhd = path(file, trak, 'mdia', 'mdhd');
  const tkhd = child(file, trak, 'tkhd');
  if (file[mvhd.body] !== 0 || file[mdhd.body] !== 0 || file[tkhd.body] !== 0)
    throw new Error('lesson.mp4: version-1 headers are not handled');
  return {
    file,
    ftyp: raw(file, ftyp),
    mvhd: raw(file, mvhd),
    tkhd: raw(file, tkhd),
    mdhd: raw(file, mdhd),
    hdlr: raw(file, path(file, trak, 'mdia', 'hdlr')),
    vmhd: raw(file, path(file, trak, 'mdia', 'minf', 'vmhd')),
    dinf: raw(file, path(file, trak, 'mdia', 'minf', 'dinf')),
    stsd: raw(file, child(file, stbl, 'stsd')),
    trackId: u32(tkhd.body + 12),
    movieDuration: u32(mvhd.body + 16),
    mediaDuration: u32(mdhd.body + 16),
    samples: sizes.map((size, i) => ({ offset: offsets[i]!, size, duration: durations[i]!, sync: syncs.has(i) })),
  };
}

/** A copy of a version-0 header box with its 32-bit duration word (at `at` bytes into the body) replaced. */
function withDuration(header: Buffer, at: number, duration: number): Buffer {
  const copy = Buffer.from(header);
  copy.writeUInt32BE(duration, 8 + at);
  return copy;
}

function sampleBytes(clip: Clip): Buffer {
  return Buffer.concat(clip.samples.map((s) => clip.file.subarray(s.offset, s.offset + s.size)));
}

/** Frames of a lesson `seconds` long: whole clips, then the first frames of one more (issue 26: the media is exactly
 * as long as the catalogue says, so the player's length and the curriculum's agree to the second). */
export function lessonFrames(clip: Clip, seconds: number): number {
  return Math.max(clip.samples.length, Math.round((seconds * clip.samples.length) / CLIP_SECONDS));
}

/**
 * The clip's frames over and over until `frames` (default `repeat` whole clips) as one progressive MP4 (moov first,
 * so playback starts at once). A cut last repetition keeps its leading key frame, so it decodes.
 */
export function progressiveLesson(clip: Clip, repeat: number, frames = repeat * clip.samples.length): Buffer {
  const n = clip.samples.length;
  repeat = Math.ceil(frames / n);
  const tail = frames - (repeat - 1) * n;
  const all = Array.from({ length: repeat }, () => clip.samples).flat().slice(0, frames);
  const mediaDuration = all.reduce((sum, s) => sum + s.duration, 0);
  const movieDuration = Math.round((mediaDuration * clip.movieDuration) / clip.mediaDuration);
  const stbl = (stco: number[]) =>
    box(
      'stbl',
      clip.stsd,
      fullBox('stts', 0, 0, [1, all.length, clip.samples[0]!.duration]),
      fullBox('stss', 0, 0, [all.filter((s) => s.sync).length, ...all.flatMap((s, i) => (s.sync ? [i + 1] : []))]),
      fullBox('stsc', 0, 0, tail === n ? [1, 1, n, 1] : [2, 1, n, 1, repeat, tail, 1]),
      fullBox('stsz', 0, 0, [0, all.length, ...all.map((s) => s.size)]),
      fullBox('stco', 0, 0, [stco.length, ...stco]),
    );
  const moov = (stco: number[]) =>
    box(
      'moov',
      withDuration(clip.mvhd, 16, movieDuration),
      box(
        'trak',
        withDuration(clip.tkhd, 20, movieDuration),
        box(
          'mdia',
          withDuration(clip.mdhd, 16, mediaDuration),
          clip.hdlr,
          box('minf', clip.vmhd, clip.dinf, stbl(stco)),
        ),
      ),
    );
  // One chunk per repetition; the moov's size does not depend on the offsets' values.
  const headSize = clip.ftyp.length + moov(new Array<number>(repeat).fill(0)).length + 8;
  const once = sampleBytes(clip);
  const stco = Array.from({ length: repeat }, (_, k) => headSize + k * once.length);
  const last = once.subarray(0, clip.samples.slice(0, tail).reduce((sum, s) => sum + s.size, 0));
  return Buffer.concat([clip.ftyp, moov(stco), box('mdat', ...new Array<Buffer>(repeat - 1).fill(once), last)]);
}

/** The HLS init segment: the track's description with empty sample tables and a trex for fragments. */
export function hlsInit(clip: Clip): Buffer {
  const empty = box(
    'stbl',
    clip.stsd,
    fullBox('stts', 0, 0, [0]),
    fullBox('stsc', 0, 0, [0]),
    fullBox('stsz', 0, 0, [0, 0]),
    fullBox('stco', 0, 0, [0]),
  );
  return Buffer.concat([
    clip.ftyp,
    box(
      'moov',
      withDuration(clip.mvhd, 16, 0),
      box(
        'trak',
        withDuration(clip.tkhd, 20, 0),
        box('mdia', withDuration(clip.mdhd, 16, 0), clip.hdlr, box('minf', clip.vmhd, clip.dinf, empty)),
      ),
      box('mvex', fullBox('trex', 0, 0, [clip.trackId, 1, 0, 0, 0])),
    ),
  ]);
}

/** Fragment `index` (0-based): the clip's frames decoded from `index` clip lengths on; the last may hold fewer. */
export function hlsFragment(clip: Clip, index: number, frames = clip.samples.length): Buffer {
  const samples = clip.samples.slice(0, frames);
  const data = sampleBytes(clip).subarray(0, samples.reduce((sum, s) => sum + s.size, 0));
  // trun flags: data offset, per-sample duration, size and flags.
  const trun = (dataOffset: number) =>
    fullBox('trun', 0, 0x000701, [
      samples.length,
      dataOffset,
      ...samples.flatMap((s) => [s.duration, s.size, s.sync ? 0x02000000 : 0x01010000]),
    ]);
  // tfhd flag 0x020000: offsets count from the start of this moof.
  const moof = (dataOffset: number) =>
    box(
      'moof',
      fullBox('mfhd', 0, 0, [index + 1]),
      box(
        'traf',
        fullBox('tfhd', 0, 0x020000, [clip.trackId]),
        fullBox('tfdt', 0, 0, [clip.mediaDuration * index]),
        trun(dataOffset),
      ),
    );
  const size = moof(0).length;
  return Buffer.concat([moof(size + 8), box('mdat', data)]);
}

export const CLIP_SECONDS = 4;

const cached = new Map<string, Clip>();

/** A sample clip (one per rendition), read once. */
export function lessonClip(file: string): Clip {
  let clip = cached.get(file);
  if (!clip) cached.set(file, (clip = readClip(readFileSync(file))));
  return clip;
}

/** Width and height the clip's track header declares. */
export function clipSize(clip: Clip): { width: number; height: number } {
  return { width: clip.tkhd.readUInt32BE(clip.tkhd.length - 8) >>> 16, height: clip.tkhd.readUInt32BE(clip.tkhd.length - 4) >>> 16 };
}

/** The RFC 6381 codec of the clip's H.264 track (`avc1.` + profile, constraints, level from its avcC). */
export function clipCodec(clip: Clip): string {
  const at = clip.stsd.indexOf('avcC', 0, 'latin1');
  return `avc1.${clip.stsd.subarray(at + 5, at + 8).toString('hex')}`;
}

/** Bits per second of a fragment: every fragment repeats the clip, so its peak is its average (HLS BANDWIDTH). */
export function clipBitrate(clip: Clip): number {
  const bytes = clip.samples.reduce((sum, s) => sum + s.size, 0);
  return Math.ceil((bytes * 8) / CLIP_SECONDS);
}
