import { sql } from 'kysely';
import type { Db } from '../db/database';
import { PICTURE_NAME } from '../domain/bannerAuthoring';

/**
 * `/media/banners/u-<hash>.<png|jpg|webp>`: a banner picture uploaded in the console, read from the database (every
 * instance serves what any of them stored). Named by its bytes' hash, so it is kept by browsers and CDNs for good.
 */
export async function bannerPicture(db: Db, kind: string, file: string): Promise<Response | undefined> {
  if (kind !== 'banners' || !PICTURE_NAME.test(file)) return undefined;
  const row = (
    await sql<{ content_type: string; bytes: Uint8Array }>`select content_type, bytes from banner_images where name = ${file}`.execute(db)
  ).rows[0];
  if (!row) return undefined;
  return new Response(new Uint8Array(row.bytes), {
    headers: { 'content-type': row.content_type, 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
