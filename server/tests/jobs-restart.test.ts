import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { alive, countingFfmpeg, expectOneLadder, freePort, lectureMedia, makeVideo, signIn, startEntry, uploadLecture, waitFor, type NodeProcess } from './jobsTesting';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): PGlite's one-process job queue, killed mid-encoding.

/**
 * A lecture video's job survives the death of `npm start` on the embedded PGlite (issue 38), the one process that owns
 * the database and works its queue: SIGKILLed while ffmpeg encodes, its ffmpeg dies with it, and started again on the
 * same data folder it retries the job at once (what it finds running at its start, a killed run left) and the lecture
 * reaches 게시 가능 from one run's output. PostgreSQL's workers are jobs-instances.test.ts's.
 */
const work = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
const dataDir = join(work, 'data');
const LECTURE = 10112;
/** Seconds of video: the encoding reads it at its own speed, so a run lasts at least this long. */
const VIDEO_S = 4;
const ffmpeg = countingFfmpeg(work, { realTime: true });
const processes: NodeProcess[] = [];

afterAll(() => {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(process.env.DATABASE_URL)('npm start on PGlite, killed mid-encoding', () => {
  it('retries the job when started again: 게시 가능, from two runs of which one was cut, with one output', async () => {
    const port = await freePort();
    const dist = mkdtempSync(join(work, 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>storefront</title>');
    // The retry 1-2 s after the try is failed (the queue's rule: 10 s).
    const env = { DATA_DIR: dataDir, FFMPEG_PATH: ffmpeg.path, JOB_RETRY_DELAY_SECONDS: '1', PORT: String(port), DIST_DIR: dist };
    const start = async () => {
      const p = startEntry('main.ts', env);
      processes.push(p);
      await waitFor('the server', () => /storefront ready/.test(p.output()), 120_000, p.output);
      return p;
    };
    const url = `http://127.0.0.1:${port}`;
    const first = await start();
    const uploadid = await uploadLecture(url, await signIn(url, 'staff@demo.kr'), LECTURE, readFileSync(makeVideo(join(work, 'lecture.mp4'), VIDEO_S)));
    const runs = () => ffmpeg.encodings().filter((r) => r.args.includes(uploadid));
    const [cut] = await waitFor('the first encoding', () => runs().length === 1 && runs(), 60_000, first.output);
    expect(cut!.parent).toBe(first.child.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    // Its ffmpeg dies with it (else it would go on encoding for nobody).
    await waitFor('the cut ffmpeg to die', () => !alive(cut!.pid), 10_000);

    const second = await start();
    const operator = await signIn(url, 'staff@demo.kr');
    const done = await waitFor(
      '게시 가능',
      async () => {
        const m = await lectureMedia(url, operator, LECTURE);
        return (m.state === 'ready' || m.state === 'failed') && m;
      },
      240_000,
      second.output,
    );
    expect(done).toMatchObject({ state: 'ready', error: null, renditions: ['360p'], uploadid });
    expect(runs().map((r) => r.parent)).toEqual([first.child.pid, second.child.pid]);
    expectOneLadder(dataDir, LECTURE, uploadid);

    // The tries as the database keeps them (read once the server has stopped: PGlite is one process's).
    second.child.kill('SIGTERM');
    await second.exited;
    const database = await openDatabase({ dir: join(dataDir, 'pgdata') });
    try {
      const tries = await sql<{ attempt: number; outcome: string; worker: string }>`select attempt, outcome, worker from job_attempts
        where job_id in (select id from pgboss.job where data->>'uploadid' = ${uploadid}) order by attempt`.execute(database.db);
      expect(tries.rows.map((t) => [t.attempt, t.outcome, t.worker.split(':').pop()])).toEqual([
        [1, 'abandoned', String(first.child.pid)],
        [2, 'completed', String(second.child.pid)],
      ]);
    } finally {
      await database.close();
    }
  }, 420_000);
});
