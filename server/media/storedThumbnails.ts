import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * `/media/thumbs/<contentsid>-<version>-<width>.webp`: a thumbnail uploaded in the console (server/domain/classThumbnails.ts),
 * read from the database. An address is never reused for other bytes (the version is new at every upload), so it is
 * cached for a year; an unknown one is undefined (404).
 */
const NAME = /^(\d{1,9})-([0-9a-f]{12})-(\d{3,4})\.webp$/;

export async function storedThumbnail(db: Db, kind: string, file: string): Promise<Response | undefined> {
  const m = kind === 'thumbs' ? NAME.exec(file) : null;
  if (!m) return undefined;
  const row = (
    await sql<{ bytes: Uint8Array }>`select bytes from class_thumbnails
      where contentsid = ${Number(m[1])} and version = ${m[2]} and width = ${Number(m[3])}`.execute(db)
  ).rows[0];
  if (!row) return undefined;
  const bytes = new Uint8Array(row.bytes);
  return new Response(bytes, {
    headers: { 'content-type': 'image/webp', 'content-length': String(bytes.length), 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
