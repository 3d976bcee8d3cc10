/**
 * A local stand-in for S3-compatible object storage, so the real `@tus/s3-store` and `@aws-sdk/client-s3` keep
 * lecture videos in a bucket on this machine without internet: `s3rver` (a fake S3 on the local disk) with one bucket,
 * and the two calls of a resumable upload it lacks in 3.7 (ListParts, AbortMultipartUpload; multipart.ts). Like S3
 * with a private bucket, it refuses requests that are not signed with its access key (s3rver alone accepts anonymous
 * ones and does not check a V4 signature's bytes). One fake per test file; its files go when it closes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { multipartCalls, refuseAnonymous, refuseChunkedPayloads, type KoaMiddleware } from './multipart.ts';

/** s3rver's only account (it knows no other key pair). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface FakeS3Options {
  port?: number;
  bucket?: string;
  /** Where the bucket's files live (default a temporary folder, removed on close). */
  directory?: string;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT, with path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Requests as received (method and path with query), for tests that check what was asked. */
  calls: string[];
  close(): Promise<void>;
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'lectures';
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'fake-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const calls: string[] = [];
  // s3rver is a Koa application; its last middleware is its router. Ours run just before it, after its XML encoder.
  const app = s3 as unknown as { middleware: KoaMiddleware[] };
  const record: KoaMiddleware = (ctx, next) => {
    calls.push(`${ctx.method} ${ctx.url}`);
    return next();
  };
  app.middleware.splice(app.middleware.length - 1, 0, record, refuseAnonymous(ACCESS_KEY_ID), refuseChunkedPayloads, multipartCalls);
  const { port } = await s3.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    calls,
    async close() {
      await s3.close();
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
