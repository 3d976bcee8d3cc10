import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { kst } from '../lib/time';
import { UNATTACHED_UPLOAD_LIFE_MS } from './uploadQuota';

/** At most this many uploads go per run: one statement's work stays small, and the next run takes the rest. */
const BATCH = 1000;

/**
 * Removes the uploads nobody attached to anything within `UNATTACHED_UPLOAD_LIFE_MS` of their upload (issue 41, hole
 * 3), with their stored bytes: the `upload_bytes` row goes with its record (on delete cascade), and a file of an upload
 * from before migration 021 is deleted from `<data dir>/uploads`. A suggestion's attachment (`suggest_files`) is the
 * only thing an upload is attached to (member profiles have no picture). Also forgets the daily upload allowances of
 * days before yesterday. Answers the names removed. Run by the `upload-sweep` job (server/jobs/uploadSweepJob.ts).
 */
export async function sweepUnattachedUploads(db: Db, dataDir: string, now = new Date()): Promise<string[]> {
  const bornBefore = kst(new Date(now.getTime() - UNATTACHED_UPLOAD_LIFE_MS));
  const gone = await sql<{ filename: string }>`delete from uploads where filename in (
      select u.filename from uploads u
      where u.created_at < ${bornBefore} and not exists (select 1 from suggest_files f where f.filename = u.filename)
      order by u.created_at limit ${BATCH})
    returning filename`.execute(db);
  const names = gone.rows.map((r) => r.filename);
  for (const name of names) await rm(join(dataDir, 'uploads', basename(name)), { force: true });
  await sql`delete from upload_days where day < ${kst(new Date(now.getTime() - 2 * 86_400_000)).slice(0, 10)}`.execute(db);
  return names;
}
