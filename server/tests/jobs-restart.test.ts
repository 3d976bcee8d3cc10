import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { freshDatabaseUrl, testServer, type TestServer } from '../testing';
import { alive, countingFfmpeg, lectureMedia, makeVideo, signIn, startEntry, uploadLecture, waitFor, type NodeProcess } from './jobsTesting';

/**
 * A lecture video's job survives the death of the process working it (issue 38): the worker is SIGKILLed while ffmpeg
 * encodes, its ffmpeg dies with it, and once a worker runs again the job is retried and the lecture reaches 게시 가능,
 * from one run's output. On PostgreSQL the worker is `npm run worker` (server/worker.ts) beside an instance that
 * answers and queues (JOBS=off); on the embedded PGlite it is `npm start` itself (server/main.ts), the one process
 * that owns the database, started again on the same data folder.
 */
const onPostgres = !!process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
const dataDir = join(work, 'data');
const LECTURE = 10112;
/** Seconds of video: the encoding reads it at its own speed, so a run lasts at least this long. */
const VIDEO_S = 4;
const ffmpeg = countingFfmpeg(work, { realTime: true });
const processes: NodeProcess[] = [];
let instance: TestServer | undefined;

afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await instance?.close();
  rmSync(work, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as { port: number };
  await new Promise((ok) => s.close(ok));
  return port;
}

describe('a lecture video job whose worker is killed mid-encoding', () => {
  it('is retried once a worker runs again: 게시 가능, from two runs of which one was cut, with one output', async () => {
    const databaseUrl = onPostgres ? await freshDatabaseUrl(process.env.DATABASE_URL!) : undefined;
    const port = await freePort();
    const dist = mkdtempSync(join(work, 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>storefront</title>');
    const env = {
      DATA_DIR: dataDir,
      FFMPEG_PATH: ffmpeg.path,
      // The retry 1-2 s after the try is failed; a try silent for 2 s is another worker's to fail (defaults 10 s, 60 s).
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_ABANDONED_AFTER_SECONDS: '2',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PORT: String(port), DIST_DIR: dist, SIGNED_URL_SECRET: 's'.repeat(40), LOCAL_JWT_SECRET: 'l'.repeat(40) }),
    };
    // The process working the queue: `npm run worker` on PostgreSQL, `npm start` on PGlite.
    const startWorker = async () => {
      const p = startEntry(onPostgres ? 'worker.ts' : 'main.ts', env);
      processes.push(p);
      await waitFor(onPostgres ? 'the worker' : 'the server', () => /working the job queue|storefront ready/.test(p.output()), 90_000, p.output);
      return p;
    };
    if (onPostgres) instance = await testServer({ databaseUrl, dbDir: dataDir, jobs: 'enqueue' });
    const first = await startWorker();
    const url = instance?.url ?? `http://127.0.0.1:${port}`;
    const operator = await signIn(url, 'staff@demo.kr');

    const uploadid = await uploadLecture(url, operator, LECTURE, readFileSync(makeVideo(join(work, 'lecture.mp4'), VIDEO_S)));
    const runs = () => ffmpeg.encodings().filter((r) => r.args.includes(uploadid));
    const [cut] = await waitFor('the first encoding', () => runs().length === 1 && runs(), 60_000, first.output);
    expect(cut!.parent).toBe(first.child.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    // Its ffmpeg dies with it (else it would go on writing the ladder's folder under the retry).
    await waitFor('the cut ffmpeg to die', () => !alive(cut!.pid), 10_000);
    if (instance) expect((await lectureMedia(url, operator, LECTURE)).state).toBe('processing');

    const second = await startWorker();
    const reader = onPostgres ? operator : await signIn(url, 'staff@demo.kr');
    const done = await waitFor(
      '게시 가능',
      async () => {
        const m = await lectureMedia(url, reader, LECTURE);
        return (m.state === 'ready' || m.state === 'failed') && m;
      },
      120_000,
      second.output,
    );
    expect(done).toMatchObject({ state: 'ready', error: null, renditions: ['360p'], uploadid });
    expect(runs().map((r) => r.parent)).toEqual([first.child.pid, second.child.pid]);

    // One ladder, as one run makes it: the upload's folder only, each playlist naming exactly the segments beside it.
    const lectureDir = join(dataDir, 'media', 'uploaded', String(LECTURE));
    expect(readdirSync(lectureDir)).toEqual([uploadid]);
    const ladder = join(lectureDir, uploadid);
    expect(readdirSync(ladder).sort()).toEqual(['360p', 'master.m3u8', 'poster.jpg']);
    const playlist = readFileSync(join(ladder, '360p', 'index.m3u8'), 'utf8');
    const named = playlist.split('\n').filter((l) => l.endsWith('.m4s'));
    expect(named.length).toBeGreaterThan(0);
    expect(readdirSync(join(ladder, '360p')).filter((f) => f.endsWith('.m4s')).sort()).toEqual([...named].sort());
    // The cut try's work folder went with the next try; the next one's with its publication.
    expect(readdirSync(join(dataDir, 'transcode'))).toEqual([]);

    // The tries as the database keeps them: the cut one abandoned (by whichever worker noticed), the next completed.
    let database: Database | undefined;
    if (!onPostgres) {
      second.child.kill('SIGTERM');
      await second.exited;
      database = await openDatabase({ dir: join(dataDir, 'pgdata') });
    }
    const db = instance?.db ?? database!.db;
    try {
      const tries = await sql<{ attempt: number; outcome: string; worker: string }>`select attempt, outcome, worker from job_attempts
        where job_id in (select id from pgboss.job where data->>'uploadid' = ${uploadid}) order by attempt`.execute(db);
      expect(tries.rows.map((t) => [t.attempt, t.outcome, t.worker.split(':').pop()])).toEqual([
        [1, 'abandoned', String(first.child.pid)],
        [2, 'completed', String(second.child.pid)],
      ]);
    } finally {
      await database?.close();
    }
  }, 300_000);
});
