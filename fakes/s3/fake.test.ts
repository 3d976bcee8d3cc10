import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './index.ts';

/** The real `@aws-sdk/client-s3` against the fake: the calls `@tus/s3-store` relies on beyond what s3rver answers. */
let fake: FakeS3;
let s3: S3Client;
const client = (over: Partial<ConstructorParameters<typeof S3Client>[0]> = {}) =>
  new S3Client({
    endpoint: fake.endpoint,
    region: fake.region,
    forcePathStyle: true,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...over,
  });

beforeAll(async () => {
  fake = await startFakeS3({ bucket: 'videos' });
  s3 = client();
});
afterAll(async () => {
  s3.destroy();
  await fake.close();
});

describe('fake S3 (s3rver and its multipart calls)', () => {
  it('lists the parts of an unfinished multipart upload page by page, and aborts it', async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'videos', Key: 'a/b.mp4' }));
    for (const n of [1, 2, 3]) await s3.send(new UploadPartCommand({ Bucket: 'videos', Key: 'a/b.mp4', UploadId, PartNumber: n, Body: Buffer.alloc(n * 10, n) }));
    const first = await s3.send(new ListPartsCommand({ Bucket: 'videos', Key: 'a/b.mp4', UploadId, MaxParts: 2 }));
    expect(first.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[1, 10], [2, 20]]);
    expect([first.IsTruncated, first.NextPartNumberMarker]).toEqual([true, '2']);
    const rest = await s3.send(new ListPartsCommand({ Bucket: 'videos', Key: 'a/b.mp4', UploadId, PartNumberMarker: '2' }));
    expect(rest.Parts?.map((p) => p.PartNumber)).toEqual([3]);
    expect(rest.Parts?.[0]?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    await s3.send(new AbortMultipartUploadCommand({ Bucket: 'videos', Key: 'a/b.mp4', UploadId }));
    await expect(s3.send(new ListPartsCommand({ Bucket: 'videos', Key: 'a/b.mp4', UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect((await s3.send(new ListObjectsV2Command({ Bucket: 'videos' }))).Contents ?? []).toEqual([]);
  });

  it('refuses what a private S3 bucket refuses: no signature, another key', async () => {
    const anonymous = await fetch(`${fake.endpoint}/videos/x`, { method: 'PUT', body: 'x' });
    expect([anonymous.status, await anonymous.text()]).toEqual([403, expect.stringContaining('<Code>AccessDenied</Code>')]);
    const stranger = client({ credentials: { accessKeyId: 'SOMEONE', secretAccessKey: 'ELSE' } });
    await expect(stranger.send(new PutObjectCommand({ Bucket: 'videos', Key: 'x', Body: 'x' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    stranger.destroy();
  });

  it('refuses an aws-chunked body (the SDK\'s default checksums) instead of storing it as sent', async () => {
    const defaults = client({ requestChecksumCalculation: 'WHEN_SUPPORTED' });
    const file = join(mkdtempSync(join(tmpdir(), 'fake-s3-test-')), 'piece');
    writeFileSync(file, 'a piece of video');
    await expect(defaults.send(new PutObjectCommand({ Bucket: 'videos', Key: 'chunked', Body: createReadStream(file) }))).rejects.toMatchObject({ name: 'NotImplemented' });
    defaults.destroy();
    rmSync(dirname(file), { recursive: true });
    expect((await s3.send(new ListObjectsV2Command({ Bucket: 'videos' }))).Contents ?? []).toEqual([]);
  });
});
