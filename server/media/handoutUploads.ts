import { fail } from '../lib/failure';

/**
 * A handout or e-book file as the console uploads it (issue 38): a PDF or an EPUB told by its first bytes (a PDF starts
 * `%PDF-`; an EPUB is a ZIP whose first entry is the stored `mimetype` file saying `application/epub+zip`), whatever the
 * file is called. The size is bounded by the request-wide upload limit (10 MB a file, server/openapi/limits.ts), checked
 * while the body streams. The name the member downloads it under is the uploader's file name without any path (a name
 * like `../../etc/passwd.pdf` is `passwd.pdf`) or control characters, with the extension of what the bytes are; where the
 * bytes are kept is the server's own name (server/domain/handouts.ts), so nothing of the upload's name reaches a path.
 */
export const NO_FILE = '올릴 자료 파일(PDF 또는 EPUB)을 선택해주세요.';
export const NOT_A_DOCUMENT = '자료는 PDF 또는 EPUB 파일만 올릴 수 있습니다.';
export const EMPTY = '빈 파일은 올릴 수 없습니다.';
const TITLE_TOO_LONG = '자료 이름은 100자까지 입력할 수 있습니다.';
const MAX_TITLE = 100;
const MAX_NAME = 120;

export type HandoutKind = 'pdf' | 'epub';
export const CONTENT_TYPES: Record<HandoutKind, string> = { pdf: 'application/pdf', epub: 'application/epub+zip' };

export interface HandoutUpload {
  kind: HandoutKind;
  title: string;
  originalFilename: string;
  bytes: Uint8Array;
}

/** PDF, EPUB, or nothing, by the first bytes. */
export function handoutKindOf(bytes: Uint8Array): HandoutKind | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  if (ascii(0, 4) === 'PK\x03\x04' && ascii(30, 38) === 'mimetype' && ascii(38, 58) === 'application/epub+zip') return 'epub';
  return undefined;
}

/** The last part of a name as any system would split it, without control characters, at most 120 characters. */
export function safeFileName(name: string, kind: HandoutKind): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const last = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').replace(/^[.\s]+/, '').trim();
  const ext = `.${kind}`;
  const stem = last.toLowerCase().endsWith(ext) ? last.slice(0, -ext.length) : last;
  return `${[...(stem || '자료')].slice(0, MAX_NAME - ext.length).join('')}${ext}`;
}

/** The form of UploadAdminHandout (`file`, optional `title`), checked: 400 or 415 in Korean otherwise. */
export async function handoutUploadOf(form: FormData | undefined): Promise<HandoutUpload> {
  const file = form?.get('file');
  if (!file || typeof file === 'string') return fail(400, NO_FILE);
  if (file.size === 0) return fail(400, EMPTY);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = handoutKindOf(bytes);
  if (!kind) return fail(415, NOT_A_DOCUMENT);
  const originalFilename = safeFileName(file.name, kind);
  const typed = form?.get('title');
  const title = (typeof typed === 'string' ? typed.replace(/\s+/g, ' ').trim() : '') || originalFilename.replace(/\.(pdf|epub)$/, '');
  if ([...title].length > MAX_TITLE) return fail(400, TITLE_TOO_LONG);
  return { kind, title, originalFilename, bytes };
}
