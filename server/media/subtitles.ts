/**
 * Caption files uploaded in the console (issue 38): SRT or WebVTT in, WebVTT out. Pure: bytes → cues → text.
 *
 * - WebVTT: UTF-8, first line `WEBVTT`, cue times `hh:mm:ss.ttt` (hours optional). SRT: numbered cues, a comma
 *   before the milliseconds; its numbers are kept as the cues' identifiers.
 * - A file that cannot be read is refused with the 1-based line it broke on, in Korean (`SubtitleError`).
 * - Cue text keeps WebVTT's own markup only (`<b> <i> <u> <c> <v> <lang> <ruby> <rt>` and timestamps), without
 *   attributes; every other tag goes, and `<script>`/`<style>` with their content.
 * - Times must run forward: a cue that ends before it starts, or starts before the previous one ended, is refused.
 * - Header text, NOTE, STYLE and REGION blocks are not carried over (a STYLE block is CSS the player would apply).
 */

export interface Cue {
  /** The SRT number or the WebVTT identifier, if any. */
  id: string | undefined;
  /** Milliseconds. */
  start: number;
  end: number;
  /** Sanitised payload lines (never empty, never containing `-->`). */
  lines: string[];
  /** Where the cue's timing line is in the uploaded file (1-based). */
  line: number;
}

export type SubtitleFormat = 'srt' | 'vtt';

/** A file that cannot be read; `message` is the Korean sentence the console shows. */
export class SubtitleError extends Error {
  constructor(
    readonly line: number | undefined,
    reason: string,
  ) {
    super(line === undefined ? reason : `자막 파일 ${line}번째 줄을 읽을 수 없습니다: ${reason}`);
    this.name = 'SubtitleError';
  }
}

export const EMPTY_FILE = '자막 파일이 비어 있습니다.';
export const NO_CUES = '자막 파일에 자막 내용(시간과 대사)이 하나도 없습니다.';
const notUtf8 = (line: number) =>
  `자막 파일 ${line}번째 줄이 UTF-8이 아닙니다. 메모장 등에서 인코딩을 UTF-8로 바꿔 저장한 뒤 다시 올려주세요.`;
const TIME_FORMAT: Record<SubtitleFormat, string> = {
  srt: '시간 형식은 00:00:01,000 --> 00:00:04,000 이어야 합니다.',
  vtt: '시간 형식은 00:00:01.000 --> 00:00:04.000 이어야 합니다.',
};

/** The first byte that breaks UTF-8 (overlongs, surrogates and values past U+10FFFF included), or -1. */
export function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min, cp] = [1, 0x80, b & 0x1f];
    else if (b >= 0xe0 && b <= 0xef) [need, min, cp] = [2, 0x800, b & 0x0f];
    else if (b >= 0xf0 && b <= 0xf4) [need, min, cp] = [3, 0x10000, b & 0x07];
    else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** 1-based line of a byte offset (LF, CRLF and lone CR all end a line). */
function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) line++;
    else if (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a) line++;
  }
  return line;
}

/** `hh:mm:ss,ttt` (SRT; a dot is tolerated) or `[hh:]mm:ss.ttt` (WebVTT) → milliseconds, or undefined. */
function timeOf(text: string, format: SubtitleFormat): number | undefined {
  const m = format === 'srt' ? /^(\d{1,3}):(\d{2}):(\d{2})[,.](\d{3})$/.exec(text) : /^(?:(\d{2,3}):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text);
  if (!m) return undefined;
  const [h, mm, ss, ms] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3]), Number(m[4])];
  if (mm > 59 || ss > 59) return undefined;
  return ((h * 60 + mm) * 60 + ss) * 1000 + ms;
}

/** WebVTT cue settings kept (the rest of a timing line is dropped): `align:start line:0 position:10%` … */
const CUE_SETTING = /^(?:vertical:(?:rl|lr)|line:-?\d+(?:\.\d+)?%?(?:,(?:start|center|end))?|position:\d+(?:\.\d+)?%(?:,(?:line-left|center|line-right))?|size:\d+(?:\.\d+)?%|align:(?:start|center|end|left|right))$/;

interface Timing {
  start: number;
  end: number;
  settings: string[];
}

function timingOf(text: string, lineNo: number, format: SubtitleFormat): Timing {
  const arrow = text.indexOf('-->');
  if (arrow < 0) throw new SubtitleError(lineNo, `시간 사이에 '-->'가 없습니다. ${TIME_FORMAT[format]}`);
  const start = timeOf(text.slice(0, arrow).trim(), format);
  const [endText = '', ...rest] = text
    .slice(arrow + 3)
    .trim()
    .split(/[ \t]+/);
  const end = timeOf(endText, format);
  if (start === undefined || end === undefined) throw new SubtitleError(lineNo, TIME_FORMAT[format]);
  if (end <= start) throw new SubtitleError(lineNo, '끝 시간이 시작 시간보다 뒤여야 합니다.');
  return { start, end, settings: format === 'vtt' ? rest.filter((s) => CUE_SETTING.test(s)) : [] };
}

// ---------------------------------------------------------------------------------------------- cue text markup

const KEPT_TAGS = new Set(['b', 'i', 'u', 'c', 'v', 'lang', 'ruby', 'rt']);
const TIMESTAMP_TAG = /^(?:\d{2,3}:)?[0-5]\d:[0-5]\d\.\d{3}$/;
const ENTITY = /^&(?:amp|lt|gt|lrm|rlm|nbsp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;
/** Elements whose content is code, not words: removed with it. */
const CODE_ELEMENTS = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** `{\an8}` and similar ASS override codes some SRT files carry. */
const ASS_CODES = /\{\\[^}]*\}/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes (tab is kept)
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** One `<…>` of cue text as WebVTT keeps it, or '' for a tag it does not know (and every attribute). */
function keptTag(inner: string): string {
  if (TIMESTAMP_TAG.test(inner)) return `<${inner}>`;
  const close = /^\/\s*([A-Za-z]+)\s*$/.exec(inner);
  if (close) {
    const name = close[1]!.toLowerCase();
    return KEPT_TAGS.has(name) ? `</${name}>` : '';
  }
  const open = /^([A-Za-z]+)((?:\.[A-Za-z0-9_-]+)*)(?:[ \t]+([\s\S]*))?$/.exec(inner);
  if (!open) return '';
  const name = open[1]!.toLowerCase();
  if (!KEPT_TAGS.has(name)) return '';
  const classes = open[2] ?? '';
  const annotation = (open[3] ?? '').trim();
  if (name === 'v') {
    // The speaker's name: words only, never anything that looks like an attribute.
    const who = annotation.replace(/[^\p{L}\p{N} ._-]/gu, '').trim();
    return who ? `<v${classes} ${who}>` : `<v${classes}>`;
  }
  if (name === 'lang') return /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(annotation) ? `<lang${classes} ${annotation}>` : '';
  return `<${name}${classes}>`;
}

/** A payload line with WebVTT's markup only: unknown tags stripped, stray `<`, `>` and `&` escaped. */
export function sanitizeCueText(text: string): string {
  const src = text.replace(CODE_ELEMENTS, '').replace(ASS_CODES, '').replace(CONTROL, '');
  let out = '';
  for (let i = 0; i < src.length; ) {
    const c = src[i]!;
    if (c === '<') {
      // A tag begins with its name, `/` or a timestamp's digit: `3 < 5` is text.
      const close = /[A-Za-z0-9/]/.test(src[i + 1] ?? '') ? src.indexOf('>', i + 1) : -1;
      if (close < 0) {
        out += '&lt;';
        i++;
        continue;
      }
      out += keptTag(src.slice(i + 1, close).trim());
      i = close + 1;
    } else if (c === '>') {
      out += '&gt;';
      i++;
    } else if (c === '&') {
      const entity = ENTITY.exec(src.slice(i, i + 12))?.[0];
      out += entity ?? '&amp;';
      i += entity?.length ?? 1;
    } else {
      out += c;
      i++;
    }
  }
  return out.trim();
}

// ---------------------------------------------------------------------------------------------- parsing

interface Line {
  text: string;
  no: number;
}

/** Blocks of non-blank lines, each line with its 1-based number. */
function blocksOf(lines: string[], from: number): Line[][] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  for (let i = from; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') {
      if (current.length) blocks.push(current);
      current = [];
    } else current.push({ text, no: i + 1 });
  }
  if (current.length) blocks.push(current);
  return blocks;
}

function payloadOf(block: Line[]): string[] {
  return block
    .map((l) => sanitizeCueText(l.text).replace(/-->/g, '--&gt;'))
    .filter((l) => l !== '');
}

function srtCues(lines: string[]): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocksOf(lines, 0)) {
    const numbered = /^\d+$/.test(block[0]!.text.trim());
    const timingLine = numbered ? block[1] : block[0];
    // A number alone (its timing line missing) breaks on the line after it.
    if (!timingLine) throw new SubtitleError(block[0]!.no + 1, TIME_FORMAT.srt);
    const timing = timingOf(timingLine.text.trim(), timingLine.no, 'srt');
    cues.push({ id: numbered ? block[0]!.text.trim() : undefined, start: timing.start, end: timing.end, lines: payloadOf(block.slice(numbered ? 2 : 1)), line: timingLine.no });
  }
  return cues;
}

const isBlockOf = (text: string, keyword: string) => text === keyword || text.startsWith(`${keyword} `) || text.startsWith(`${keyword}\t`);

function vttCues(lines: string[]): (Cue & { settings: string[] })[] {
  const header = lines[0]!;
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header)) throw new SubtitleError(1, "첫 줄은 'WEBVTT'여야 합니다.");
  // The header block (metadata lines such as `Kind: captions`) runs to the first blank line.
  let from = 1;
  while (from < lines.length && lines[from]!.trim() !== '') {
    if (lines[from]!.includes('-->')) throw new SubtitleError(from + 1, "'WEBVTT' 줄 다음에는 빈 줄이 있어야 합니다.");
    from++;
  }
  const cues: (Cue & { settings: string[] })[] = [];
  for (const block of blocksOf(lines, from)) {
    const first = block[0]!.text;
    if (isBlockOf(first, 'NOTE') || isBlockOf(first, 'STYLE') || isBlockOf(first, 'REGION')) {
      if (first.includes('-->')) throw new SubtitleError(block[0]!.no, "NOTE 블록에는 '-->'를 쓸 수 없습니다.");
      continue;
    }
    const hasId = !first.includes('-->');
    const timingLine = hasId ? block[1] : block[0];
    if (!timingLine) throw new SubtitleError(block[0]!.no + 1, TIME_FORMAT.vtt);
    const timing = timingOf(timingLine.text.trim(), timingLine.no, 'vtt');
    const payload = block.slice(hasId ? 2 : 1);
    const broken = payload.find((l) => l.text.includes('-->'));
    if (broken) throw new SubtitleError(broken.no, "대사 줄에는 '-->'를 쓸 수 없습니다. 자막 사이에는 빈 줄이 있어야 합니다.");
    cues.push({ id: hasId ? first.trim() : undefined, start: timing.start, end: timing.end, settings: timing.settings, lines: payloadOf(payload), line: timingLine.no });
  }
  return cues;
}

export interface ParsedSubtitles {
  format: SubtitleFormat;
  cues: (Cue & { settings?: string[] })[];
}

/**
 * An uploaded caption file's cues: WebVTT when its first line says so, SRT otherwise. Throws `SubtitleError` with
 * the line it broke on (not UTF-8, a timing line that is not one, times running backwards or overlapping), or
 * without one for a file that is empty or has no cues.
 */
export function parseSubtitles(bytes: Uint8Array): ParsedSubtitles {
  const bad = invalidUtf8At(bytes);
  if (bad >= 0) throw new SubtitleError(undefined, notUtf8(lineOfOffset(bytes, bad)));
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new SubtitleError(undefined, EMPTY_FILE);
  const lines = text.split(/\r\n|\r|\n/);
  const format: SubtitleFormat = lines[0]!.startsWith('WEBVTT') ? 'vtt' : 'srt';
  const cues = format === 'vtt' ? vttCues(lines) : srtCues(lines);
  for (let i = 1; i < cues.length; i++) {
    const [prev, cue] = [cues[i - 1]!, cues[i]!];
    if (cue.start < prev.end) throw new SubtitleError(cue.line, `앞 자막(${prev.line}번째 줄)과 시간이 겹치거나 순서가 바뀌었습니다.`);
  }
  if (!cues.some((c) => c.lines.length > 0)) throw new SubtitleError(undefined, NO_CUES);
  return { format, cues };
}

const stamp = (ms: number) => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}.${pad(ms % 1000, 3)}`;
};

/** The cues as a WebVTT file (cues without text are left out: WebVTT would read their blank line as the cue's end). */
export function writeWebVtt(cues: readonly (Cue & { settings?: string[] })[]): string {
  const out = ['WEBVTT', ''];
  for (const cue of cues) {
    if (!cue.lines.length) continue;
    const id = cue.id?.replace(/-->/g, '').trim();
    if (id) out.push(id);
    out.push([`${stamp(cue.start)} --> ${stamp(cue.end)}`, ...(cue.settings ?? [])].join(' '), ...cue.lines, '');
  }
  return out.join('\n');
}

/** How many cues a WebVTT file this module wrote holds (one timing line each). */
export const cueCount = (vtt: string): number => vtt.split('\n').filter((l) => l.includes(' --> ')).length;
