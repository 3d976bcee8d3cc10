/**
 * What the fake S3 adds in front of s3rver's router (index.ts): the multipart calls a resumable upload needs and
 * s3rver 3.7 answers with MethodNotAllowed — ListParts (`GET /<bucket>/<key>?uploadId=`, how `@tus/s3-store` finds an
 * upload's offset after a cut) and AbortMultipartUpload (`DELETE …?uploadId=`, how it removes one) — read from
 * s3rver's own folder of the upload's parts; and two refusals S3 would give where s3rver says yes.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The part of a Koa context these use (s3rver ships no types for its internals). */
interface KoaContext {
  method: string;
  url: string;
  path: string;
  query: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

const esc = (s: string | number) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xml = (tag: string, fields: Record<string, string | number | boolean>, inner = '') =>
  `<${tag}>${Object.entries(fields).map(([k, v]) => `<${k}>${esc(String(v))}</${k}>`).join('')}${inner}</${tag}>`;

function answer(ctx: KoaContext, status: number, body: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
const s3Error = (ctx: KoaContext, status: number, code: string, message: string, detail: Record<string, string> = {}) =>
  answer(ctx, status, xml('Error', { Code: code, Message: message, ...detail }));

/** A private bucket: a request without a signature (header or presigned query) is AccessDenied. */
export const refuseAnonymous =
  (accessKeyId: string): KoaMiddleware =>
  (ctx, next) => {
    const auth = String(ctx.headers.authorization ?? '');
    const credential = auth ? /Credential=([^/]+)\//.exec(auth)?.[1] : ctx.query['X-Amz-Credential']?.split('/')[0];
    if (credential !== accessKeyId) return s3Error(ctx, 403, 'AccessDenied', 'Access Denied');
    return next();
  };

/**
 * s3rver stores an `aws-chunked` body (the SDK's default checksum trailer on streamed uploads) as it arrives, chunk
 * signatures and all; refusing it makes a client that sends one fail here instead of storing damaged video.
 */
export const refuseChunkedPayloads: KoaMiddleware = (ctx, next) => {
  const sha = String(ctx.headers['x-amz-content-sha256'] ?? '');
  if (String(ctx.headers['content-encoding'] ?? '').includes('aws-chunked') || sha.startsWith('STREAMING-'))
    return s3Error(ctx, 501, 'NotImplemented', 'aws-chunked payloads are not decoded here (set requestChecksumCalculation: WHEN_REQUIRED)');
  return next();
};

/** ListParts and AbortMultipartUpload over s3rver's folder of an unfinished upload (`<uploads>/<uploadId>/<n>`). */
export const multipartCalls: KoaMiddleware = (ctx, next) => {
  const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  const uploadId = ctx.query.uploadId;
  if (!m || !uploadId || !['GET', 'HEAD', 'DELETE'].includes(ctx.method)) return next();
  const [, bucket, key] = m as unknown as [string, string, string];
  const folder = join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(folder) || readFileSync(join(folder, 'key'), 'utf8') !== decodeURIComponent(key))
    return s3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
  if (ctx.method === 'DELETE') {
    rmSync(folder, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
    return;
  }
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const max = Number(ctx.query['max-parts'] ?? 1000);
  const numbers = readdirSync(folder)
    .filter((f) => /^\d+$/.test(f))
    .map(Number)
    .sort((a, b) => a - b)
    .filter((n) => n > marker);
  const page = numbers.slice(0, max);
  const parts = page
    .map((n) => {
      const file = join(folder, String(n));
      const s = statSync(file);
      const etag = `"${existsSync(`${file}.md5`) ? readFileSync(`${file}.md5`, 'utf8') : ''}"`;
      return xml('Part', { PartNumber: n, LastModified: s.mtime.toISOString(), ETag: etag, Size: s.size });
    })
    .join('');
  const truncated = numbers.length > page.length;
  answer(
    ctx,
    200,
    xml(
      'ListPartsResult',
      {
        Bucket: bucket,
        Key: decodeURIComponent(key),
        UploadId: uploadId,
        PartNumberMarker: marker,
        NextPartNumberMarker: page.at(-1) ?? marker,
        MaxParts: max,
        IsTruncated: truncated,
      },
      parts,
    ),
  );
};
