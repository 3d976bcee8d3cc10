import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../testing';
import { countingFfmpeg, lectureMedia, makeVideo, signIn, startEntry, uploadLecture, waitFor, type NodeProcess } from './jobsTesting';

/**
 * The documented topology on one PostgreSQL (issue 38): `JOBS=off INSTANCES=2 npm start` answers members and takes
 * uploads, two `npm run worker` processes work the queue. Lecture videos uploaded through the instances are each
 * encoded once, by a worker; the processes answering members never run ffmpeg, not even to look for it.
 * PostgreSQL only: the embedded PGlite is one process's.
 */
const work = mkdtempSync(join(tmpdir(), 'jobs-instances-'));
const dataDir = join(work, 'data');
/** Each encoding lasts at least this long (read at the video's speed): while one worker is busy, the other takes the next. */
const VIDEO_S = 3;
const ffmpeg = countingFfmpeg(work, { realTime: true });
const processes: NodeProcess[] = [];
let db: pg.Client;
let url = '';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as { port: number };
  await new Promise((ok) => s.close(ok));
  return port;
}

describe.runIf(process.env.DATABASE_URL)('JOBS=off INSTANCES=2 and two workers on one PostgreSQL', () => {
  let instances: NodeProcess;
  let workers: NodeProcess[];
  const instancePids = () => [...instances.output().matchAll(/storefront ready: .* pid (\d+)\)/g)].map((m) => Number(m[1]));
  const workerPids = () => workers.map((w) => w.child.pid!);

  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!);
    const dist = mkdtempSync(join(work, 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>storefront</title>');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const shared = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, FFMPEG_PATH: ffmpeg.path };
    instances = startEntry('main.ts', {
      ...shared,
      PORT: String(port),
      INSTANCES: '2',
      JOBS: 'off',
      DIST_DIR: dist,
      SIGNED_URL_SECRET: 's'.repeat(40),
      LOCAL_JWT_SECRET: 'l'.repeat(40),
    });
    workers = [startEntry('worker.ts', shared), startEntry('worker.ts', shared)];
    processes.push(instances, ...workers);
    const everything = () => processes.map((p) => p.output()).join('\n');
    await waitFor('two instances and two workers', () => instancePids().length === 2 && workers.every((w) => /working the job queue/.test(w.output())), 120_000, everything);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 150_000);
  afterAll(async () => {
    await db?.end();
    instances?.child.kill('SIGTERM');
    for (const w of workers ?? []) w.child.kill('SIGTERM');
    await Promise.race([Promise.all(processes.map((p) => p.exited)), new Promise((r) => setTimeout(r, 15_000))]);
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const pid of instancePids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  it('four uploads through the instances are each encoded once, by the workers, both of which took some', async () => {
    const lectures = (await db.query<{ videoid: number }>('select videoid from videos order by videoid limit 4')).rows.map((r) => r.videoid);
    const operator = await signIn(url, 'staff@demo.kr');
    const video = readFileSync(makeVideo(join(work, 'lecture.mp4'), VIDEO_S));
    const uploads = new Map<number, string>();
    for (const videoid of lectures) uploads.set(videoid, await uploadLecture(url, operator, videoid, video));

    const states = await waitFor(
      'every lecture 게시 가능',
      async () => {
        const all = await Promise.all(lectures.map((v) => lectureMedia(url, operator, v)));
        return all.every((m) => m.state === 'ready' || m.state === 'failed') && all;
      },
      120_000,
      () => processes.map((p) => p.output()).join('\n'),
    );
    expect(states.map((m) => m.state)).toEqual(['ready', 'ready', 'ready', 'ready']);

    const runs = ffmpeg.encodings();
    for (const uploadid of uploads.values()) expect(runs.filter((r) => r.args.includes(uploadid))).toHaveLength(1);
    expect(runs).toHaveLength(4);
    // Only the workers ran ffmpeg, and both did: while one encoded, the other took the next job.
    expect(new Set(runs.map((r) => r.parent))).toEqual(new Set(workerPids()));

    const tries = await db.query<{ uploadid: string; attempts: number; outcomes: string; workers: number }>(
      `select j.data->>'uploadid' as uploadid, count(a.*)::int as attempts, string_agg(a.outcome, ',') as outcomes, count(distinct a.worker)::int as workers
        from pgboss.job j join job_attempts a on a.job_id = j.id where j.name = 'lecture-transcode' group by j.id, j.data->>'uploadid'`,
    );
    expect(tries.rows.map((r) => r.uploadid).sort()).toEqual([...uploads.values()].sort());
    expect(tries.rows.every((r) => r.attempts === 1 && r.outcomes === 'completed' && r.workers === 1)).toBe(true);
  }, 180_000);

  it('the instances answering members never ran ffmpeg, not even to look for it', () => {
    const ranBy = new Set(readFileSync(join(work, 'ffmpeg-runs.log'), 'utf8').split('\n').filter(Boolean).map((l) => Number(l.split(' ')[1])));
    expect(instancePids()).toHaveLength(2);
    for (const pid of instancePids()) expect(ranBy.has(pid)).toBe(false);
    // The workers looked for it at their start (`-version`), and encoded.
    expect([...ranBy].sort()).toEqual(workerPids().sort());
  });
});
