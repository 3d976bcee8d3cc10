import { createWriteStream } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { Server } from '@tus/server';
import type { LectureStorage } from '../domain/lectureMedia';
import { tryFolder, type LectureStoreSettings } from './lectureStorage';
import { tusServer } from './lectureUploads';

type S3Settings = Extract<LectureStoreSettings, { kind: 's3' }>;

/** Ladder files are written this many at a time (a long lecture has hundreds of segments per rung). */
const PUTS_AT_ONCE = 4;
const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  jpg: 'image/jpeg',
};

/**
 * Lecture videos in an S3-compatible bucket (docs/decisions.md, "Lecture video on object storage"): each tus upload is
 * a multipart upload by `@tus/s3-store` (the object `<uploadid>`, with its `<uploadid>.info`), its ladder the objects
 * `media/uploaded/<videoid>/<uploadid>/…`. ffmpeg reads a local copy of the source and writes a local ladder, both in
 * a work folder under the data folder that goes once the ladder is in the bucket.
 */
export function s3LectureStorage(settings: S3Settings, dataDir: string): LectureStorage {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every streamed upload, aws-chunked)
    // is refused or stored as sent by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const client = new S3Client(config);
  const { bucket } = settings;
  let server: Promise<Server> | undefined;
  const uploads = () => (server ??= tusServer(new S3Store({ s3ClientConfig: { ...config, bucket } })));
  const ladderKey = (path: string) => `media/${path}`;

  async function removePrefix(prefix: string) {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: 's3',
    uploads,
    async bytesHeld(uploadid) {
      const upload = await (await uploads()).datastore.getUpload(uploadid).catch(() => undefined);
      return upload?.offset ?? 0;
    },
    async discardUpload(uploadid) {
      await (await uploads()).datastore.remove(uploadid).catch(() => undefined);
    },
    async transcodeWork(videoid, uploadid) {
      const work = await tryFolder(dataDir, uploadid);
      const prefix = ladderKey(`uploaded/${videoid}/${uploadid}/`);
      const source = join(work, 'source');
      const out = join(work, 'ladder');
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: uploadid }));
        await pipeline(object.Body as Readable, createWriteStream(source));
      } catch (err) {
        await rm(work, { recursive: true, force: true });
        throw err;
      }
      return {
        source,
        out,
        async publish() {
          const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).map((f) => join(f.parentPath, f.name));
          for (let i = 0; i < files.length; i += PUTS_AT_ONCE) {
            await Promise.all(
              files.slice(i, i + PUTS_AT_ONCE).map(async (file) => {
                const key = prefix + relative(out, file).split(sep).join('/');
                const type = CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
                await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(file), ContentType: type }));
              }),
            );
          }
          await rm(work, { recursive: true, force: true });
        },
        async discard() {
          await rm(work, { recursive: true, force: true });
          await removePrefix(prefix);
        },
      };
    },
    async ladderFile(path) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: ladderKey(path) }));
        return { body: object.Body!.transformToWebStream() as ReadableStream<Uint8Array>, length: object.ContentLength };
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
  };
}
