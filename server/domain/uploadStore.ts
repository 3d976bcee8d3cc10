import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Where a member's uploaded bytes live: in the database beside their record (`upload_bytes`, migration 021), so every
 * instance on one PostgreSQL serves what any of them stored (issue 27), and nothing waits on a local disk. Both calls
 * are asynchronous I/O on the pool; the request body was already bounded while it streamed (server/openapi/limits.ts).
 *
 * The seam for an object store (S3 or compatible): these two functions. A store would put the bytes under the
 * upload's `filename` and keep the record row as it is; `readUpload` would fetch them (or answer a signed redirect).
 */
export interface NewUpload {
  filename: string;
  originalFilename: string;
  contentType: string;
  uploadedBy: string;
  createdAt: string;
  bytes: Uint8Array;
}

/** Records an upload and its bytes in one statement: a record never exists without its bytes. */
export async function storeUpload(db: Db, u: NewUpload): Promise<void> {
  await sql`with record as (
      insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by)
      values (${u.filename}, ${u.originalFilename}, ${u.bytes.length}, ${u.contentType}, ${u.createdAt}, ${u.uploadedBy})
      returning filename)
    insert into upload_bytes (filename, bytes) select filename, ${u.bytes} from record`.execute(db);
}

/**
 * An upload's bytes, or undefined when there are none. Uploads from before migration 021 were files in
 * `<data dir>/uploads`; they are still read from there (without blocking), so a demo's old attachments keep working.
 */
export async function readUpload(db: Db, dataDir: string, filename: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const row = await sql<{ bytes: Uint8Array }>`select bytes from upload_bytes where filename = ${filename}`.execute(db);
  if (row.rows[0]) return new Uint8Array(row.rows[0].bytes);
  return readFile(join(dataDir, 'uploads', filename)).then(
    (b) => new Uint8Array(b),
    () => undefined,
  );
}
