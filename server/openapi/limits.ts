import { Failure } from '../lib/failure';

/**
 * Limits on what a request may carry, checked before anything is parsed or stored, so bad input is
 * a 4xx with a Korean message and never a 500 or a stopped process (issue 11, findings 1 and 8).
 * The yaml states the same numbers (PayloadTooLarge, UploadFiles).
 */
/** Our real JSON bodies are a few KB; a long suggestion is well under this. */
export const MAX_JSON_BYTES = 256 * 1024;
/** Our real bodies nest 3 deep; recursion over deeper ones (cache key, validation) can overflow the stack. */
const MAX_JSON_DEPTH = 64;
const MAX_UPLOAD_FILES = 5;
const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
/** Per request: files plus multipart framing. */
const MAX_UPLOAD_TOTAL_BYTES = 20 * 1024 * 1024;

/** Every number the database stores is int4. */
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
/** NUL (PostgreSQL text refuses it) and UTF-16 surrogates without their pair (not encodable as UTF-8). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MB = 1024 * 1024;
const tooLarge = (): Failure => new Failure(413, '요청 본문이 너무 큽니다.');
const uploadTooLarge = (): Failure => new Failure(413, `한 번에 올릴 수 있는 파일은 모두 ${MAX_UPLOAD_TOTAL_BYTES / MB}MB까지입니다.`);
const tooManyFiles = (): Failure => new Failure(413, `파일은 한 번에 ${MAX_UPLOAD_FILES}개까지 올릴 수 있습니다.`);
const fileTooLarge = (): Failure => new Failure(413, `파일 크기는 ${MAX_UPLOAD_FILE_BYTES / MB}MB를 넘을 수 없습니다.`);

/**
 * True when JSON text nests arrays/objects deeper than `max`: one pass over the raw text counting
 * brackets outside strings, so no parser or recursion ever sees a deeper body.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * Why a decoded request value cannot be stored (undefined when it can): a string with NUL or an
 * unpaired surrogate, or a number outside int4. Walks objects, arrays and keys; bodies reaching
 * here passed `jsonTooDeep`, so the recursion is shallow.
 */
export function unstorable(value: unknown, where = ''): string | undefined {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? `${where || '(root)'}: 허용되지 않는 문자` : undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value >= INT4_MIN && value <= INT4_MAX ? undefined : `${where || '(root)'}: 허용 범위를 벗어난 숫자`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = unstorable(value[i], `${where}/${i}`);
      if (bad) return bad;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const bad = unstorable(k, `${where}/(key)`) ?? unstorable(v, `${where}/${k}`);
      if (bad) return bad;
    }
  }
  return undefined;
}

/** The declared Content-Length, or undefined when absent (chunked) or unreadable. */
function declaredLength(req: Request): number | undefined {
  const v = req.headers.get('content-length');
  const n = v === null ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** Reads a JSON body as text, refusing (413) from Content-Length first and then as bytes arrive. */
export async function readJsonText(req: Request): Promise<string> {
  if ((declaredLength(req) ?? 0) > MAX_JSON_BYTES) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * Parses a multipart body within the upload limits: Content-Length is checked first, then bytes and
 * part delimiters are counted as the body streams, and the stream is cut as soon as a limit is
 * passed, so an oversized upload is never held whole. Each file is then checked on its own.
 */
export async function readLimitedForm(req: Request): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if ((declaredLength(req) ?? 0) > MAX_UPLOAD_TOTAL_BYTES) throw uploadTooLarge();
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!req.body || !boundary) throw new Failure(400, '요청 값이 올바르지 않습니다. (multipart 형식 오류)');
  const delimiter = Buffer.from(`--${boundary}`);
  let size = 0;
  let delimiters = 0;
  let tail = Buffer.alloc(0);
  let refused: Failure | undefined;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        // Search the previous chunk's tail too, so a delimiter split across chunks is counted once.
        const window = Buffer.concat([tail, chunk]);
        for (let at = window.indexOf(delimiter); at >= 0; at = window.indexOf(delimiter, at + delimiter.length)) delimiters++;
        tail = window.subarray(Math.max(0, window.length - (delimiter.length - 1)));
        // n parts have n + 1 delimiters (the last one closes the body).
        if (size > MAX_UPLOAD_TOTAL_BYTES) refused = uploadTooLarge();
        else if (delimiters > MAX_UPLOAD_FILES + 1) refused = tooManyFiles();
        if (refused) controller.error(refused);
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Response(counted, { headers: { 'content-type': type } }).formData();
  } catch {
    throw refused ?? new Failure(400, '요청 값이 올바르지 않습니다. (multipart 형식 오류)');
  }
  for (const [name, value] of form.entries()) {
    const bad = unstorable(name) ?? unstorable(typeof value === 'string' ? value : value.name);
    if (bad) throw new Failure(400, `요청 값이 올바르지 않습니다. (${bad})`);
    if (typeof value !== 'string' && value.size > MAX_UPLOAD_FILE_BYTES) throw fileTooLarge();
  }
  return form;
}
