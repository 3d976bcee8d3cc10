import { mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Server } from '@tus/server';
import type { LectureStorage } from '../domain/lectureMedia';
import { tusServer } from './lectureUploads';

/**
 * The lecture stores (server/domain/lectureMedia.ts, `LectureStorage`): a file store under the data folder in the demo
 * (one machine, or a shared volume); S3-compatible object storage in production (`MEDIA_STORE=s3`,
 * server/media/s3LectureStorage.ts), its libraries loaded at its first use.
 */
export type LectureStoreSettings =
  | { kind: 'file' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's address; AWS S3 itself when absent. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** The SDK's own chain (AWS_* variables, an instance role) when absent. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

const yes = (v: string | undefined) => ['1', 'true', 'yes', 'on'].includes((v ?? '').trim().toLowerCase());

/** `MEDIA_STORE` (file | s3) and the `S3_*` variables; a half-configured S3 stops the start with what is missing. */
export function lectureStoreSettings(env: Record<string, string | undefined>): LectureStoreSettings {
  const kind = (env.MEDIA_STORE ?? '').trim().toLowerCase() || 'file';
  if (kind === 'file') return { kind };
  if (kind !== 's3') throw new Error(`[server] MEDIA_STORE must be file or s3 (got "${env.MEDIA_STORE}")`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('[server] MEDIA_STORE=s3 needs S3_BUCKET: the bucket lecture videos are kept in');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`[server] S3_ENDPOINT must be an http(s) address (got "${endpoint}")`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) throw new Error('[server] S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the SDK\'s own credentials)');
  return {
    kind,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: yes(env.S3_FORCE_PATH_STYLE),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

export const openLectureStorage = (settings: LectureStoreSettings, dataDir: string): LectureStorage =>
  settings.kind === 's3' ? lazyS3(settings, dataDir) : fileLectureStorage(dataDir);

/** The demo's store: uploads in `<dataDir>/uploads/video/<uploadid>`, ladders in `<dataDir>/media/uploaded/…`. */
export function fileLectureStorage(dataDir: string): LectureStorage {
  const directory = join(dataDir, 'uploads', 'video');
  let server: Promise<Server> | undefined;
  const uploads = () =>
    (server ??= import('@tus/file-store').then(({ FileStore }) => {
      mkdirSync(directory, { recursive: true });
      return tusServer(new FileStore({ directory }));
    }));
  return {
    kind: 'file',
    uploads,
    bytesHeld: (uploadid) => stat(join(directory, uploadid)).then((s) => s.size, () => 0),
    async discardUpload(uploadid) {
      await (await uploads()).datastore.remove(uploadid).catch(() => undefined);
    },
    async transcodeWork(videoid, uploadid) {
      const work = await tryFolder(dataDir, uploadid);
      const ladder = join(dataDir, 'media', 'uploaded', String(videoid), uploadid);
      return {
        source: join(directory, uploadid),
        out: join(work, 'ladder'),
        // The ladder moves into place whole, by one rename on the data folder's disk.
        async publish() {
          await mkdir(dirname(ladder), { recursive: true });
          await rm(ladder, { recursive: true, force: true });
          await rename(join(work, 'ladder'), ladder);
          await rm(work, { recursive: true, force: true });
        },
        discard: () => rm(work, { recursive: true, force: true }),
      };
    },
    ladderFile: (path) =>
      readFile(join(dataDir, 'media', path)).then(
        (bytes) => ({ body: new Uint8Array(bytes), length: bytes.length }),
        () => undefined,
      ),
  };
}

/**
 * A try's own work folder, `<dataDir>/transcode/<uploadid>-…`, the upload's folders of earlier tries removed first: a
 * try cut short (its worker killed) left one, and one still in use (a worker paused past its heartbeat, whose job
 * another took) loses it, so two tries never write into one ladder.
 */
export async function tryFolder(dataDir: string, uploadid: string): Promise<string> {
  const root = join(dataDir, 'transcode');
  await mkdir(root, { recursive: true });
  for (const name of await readdir(root)) if (name.startsWith(`${uploadid}-`)) await rm(join(root, name), { recursive: true, force: true });
  return mkdtemp(join(root, `${uploadid}-`));
}

/** The S3 store, its module (and @tus/s3-store, @aws-sdk/client-s3 with it) loaded at the first call. */
function lazyS3(settings: Extract<LectureStoreSettings, { kind: 's3' }>, dataDir: string): LectureStorage {
  let loaded: Promise<LectureStorage> | undefined;
  const store = () => (loaded ??= import('./s3LectureStorage').then((m) => m.s3LectureStorage(settings, dataDir)));
  return {
    kind: 's3',
    uploads: async () => (await store()).uploads(),
    bytesHeld: async (uploadid) => (await store()).bytesHeld(uploadid),
    discardUpload: async (uploadid) => (await store()).discardUpload(uploadid),
    transcodeWork: async (videoid, uploadid) => (await store()).transcodeWork(videoid, uploadid),
    ladderFile: async (path) => (await store()).ladderFile(path),
  };
}
