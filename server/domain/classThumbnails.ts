import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { fail } from '../lib/failure';
import { recordAudit } from './audit';
import { classInScope, readClass, type AdminClass, type Author } from './classAuthoring';

/**
 * A class's uploaded thumbnail (issue 38): its sizes live in the database (`class_thumbnails`, migration 032), so every
 * instance on one database serves what any of them stored, under `/media/thumbs/<contentsid>-<version>-<width>.webp`
 * (server/media/storedThumbnails.ts). The version is random and new at every upload, so an address never changes what
 * it shows and is cached for good; the class's `thumbnail` names the largest size. The version before stays served
 * (a page a member loaded before the change still shows its picture), older ones go. Removing the upload puts the
 * generated artwork back (`/media/thumbs/<contentsid>.svg`).
 */
const NO_UPLOAD = '올린 썸네일이 없습니다. 지금은 기본 그림을 씁니다.';

/** One size of a thumbnail as server/media/thumbnailImages.ts makes it. */
export interface ThumbnailImage {
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** A stored thumbnail's address: its version and width. */
const STORED = /^\/media\/thumbs\/\d+-([0-9a-f]{12})-(\d+)\.webp$/;
const storedThumbnailPath = (contentsid: number, version: string, width: number) => `/media/thumbs/${contentsid}-${version}-${width}.webp`;
const artworkPath = (contentsid: number) => `/media/thumbs/${contentsid}.svg`;

/** The images of a class's new thumbnail stored and named by the class, in one audited transaction. */
export async function storeClassThumbnail(db: Db, author: Author, contentsid: number, images: ThumbnailImage[]): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const before = await thumbnailOf(tx, contentsid);
    const version = randomBytes(6).toString('hex');
    const now = kst();
    for (const img of images) {
      await sql`insert into class_thumbnails (contentsid, version, width, height, bytes, created_at)
        values (${contentsid}, ${version}, ${img.width}, ${img.height}, ${img.bytes}, ${now})`.execute(tx);
    }
    const largest = images.reduce((a, b) => (b.width > a.width ? b : a));
    const thumbnail = storedThumbnailPath(contentsid, version, largest.width);
    await sql`update lectures set thumbnail = ${thumbnail} where contentsid = ${contentsid}`.execute(tx);
    // This version and the one the class showed until now stay; older uploads go.
    const kept = [version, STORED.exec(before)?.[1]].filter((v): v is string => !!v);
    await sql`delete from class_thumbnails where contentsid = ${contentsid} and version <> all(${kept}::text[])`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'uploadAdminClassThumbnail',
      objectType: 'class',
      objectId: contentsid,
      before: { thumbnail: before },
      after: { thumbnail, sizes: images.map((i) => `${i.width}×${i.height} (${i.bytes.length} B)`) },
    });
    return readClass(tx, contentsid);
  });
}

/** The generated artwork back in place of the uploaded thumbnail; 404 when the class has none uploaded. */
export async function removeClassThumbnail(db: Db, author: Author, contentsid: number): Promise<AdminClass> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const before = await thumbnailOf(tx, contentsid);
    if (!(await one(tx, sql`select 1 from class_thumbnails where contentsid = ${contentsid} limit 1`))) return fail(404, NO_UPLOAD);
    await sql`update lectures set thumbnail = ${artworkPath(contentsid)} where contentsid = ${contentsid}`.execute(tx);
    await sql`delete from class_thumbnails where contentsid = ${contentsid}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'deleteAdminClassThumbnail',
      objectType: 'class',
      objectId: contentsid,
      before: { thumbnail: before },
      after: { thumbnail: artworkPath(contentsid) },
    });
    return readClass(tx, contentsid);
  });
}

async function thumbnailOf(tx: Db, contentsid: number): Promise<string> {
  return (await one(tx, sql<{ thumbnail: string }>`select thumbnail from lectures where contentsid = ${contentsid}`))?.thumbnail ?? '';
}
