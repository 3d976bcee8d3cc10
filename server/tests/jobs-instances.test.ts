import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../testing';
import { startMailCatcher, type MailCatcher } from '../local/mailCatcher';
import { alive, countingFfmpeg, expectOneLadder, freePort, lectureMedia, makeVideo, signIn, startEntry, uploadLecture, waitFor, type NodeProcess } from './jobsTesting';

/**
 * The documented topology on one PostgreSQL (issue 38): `JOBS=off INSTANCES=2 npm start` answers members and takes
 * uploads, `npm run worker` processes work the queue. A worker SIGKILLed mid-encoding loses no job: once workers run
 * again the job is retried (its try, silent, is failed by their sweep) and the lecture reaches 게시 가능 from one
 * output. Then two workers share the uploads, each encoded once. The processes answering members never run ffmpeg,
 * not even to look for it. The workers also send the store's mail (issue 40): one SIGKILLed mid-send loses no mail.
 * PostgreSQL only: the embedded PGlite is one process's (jobs-restart.test.ts).
 */
const work = mkdtempSync(join(tmpdir(), 'jobs-instances-'));
const dataDir = join(work, 'data');
/** Each encoding lasts at least this long (read at the video's speed): a test acts while it runs. */
const VIDEO_S = 3;
const ffmpeg = countingFfmpeg(work, { realTime: true });
const processes: NodeProcess[] = [];
let db: pg.Client;
let url = '';
let operator = '';
/** The relay: while `holding`, the mail of certificate KPRA-KILL0 is taken and never acknowledged. */
let holding = false;
let relay: MailCatcher;

describe.runIf(process.env.DATABASE_URL)('JOBS=off INSTANCES=2 and npm run worker on one PostgreSQL', () => {
  let instances: NodeProcess;
  let shared: Record<string, string>;
  const workers: NodeProcess[] = [];
  const instancePids = () => [...instances.output().matchAll(/storefront ready: .* pid (\d+)\)/g)].map((m) => Number(m[1]));
  const everything = () => processes.map((p) => p.output()).join('\n');
  const startWorker = () => {
    const w = startEntry('worker.ts', shared);
    processes.push(w);
    workers.push(w);
    return w;
  };
  const working = (w: NodeProcess) => /working the job queue/.test(w.output());
  /** What the database says of each lecture's job, for a wait that runs out. */
  const jobsNow = async () =>
    JSON.stringify(
      (
        await db.query(`select j.data, j.state, j.retry_count, a.attempt, a.worker, a.outcome, a.error, a.beat_at from pgboss.job j
          left join job_attempts a on a.job_id = j.id where j.name = 'lecture-transcode' order by j.created_on, a.attempt`)
      ).rows,
    );
  const allSettled = (lectures: number[]) =>
    waitFor(
      'every lecture 게시 가능',
      async () => {
        const all = await Promise.all(lectures.map((v) => lectureMedia(url, operator, v)));
        return all.every((m) => m.state === 'ready' || m.state === 'failed') && all;
      },
      // ffmpeg runs at nice 19: on a machine busy with other test files it gets the CPU last.
      240_000,
      everything,
    ).catch(async (e: Error) => Promise.reject(new Error(`${e.message.split('\n')[0]}\n${await jobsNow()}`)));

  beforeAll(async () => {
    const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL!);
    const dist = mkdtempSync(join(work, 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>storefront</title>');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    relay = await startMailCatcher({ hold: (m) => holding && /KPRA-KILL0\b/.test(m.text) });
    // A try silent for 2 s is the others' to fail, and retried 1-2 s later (the defaults: 60 s, 10 s).
    shared = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, FFMPEG_PATH: ffmpeg.path, JOB_ABANDONED_AFTER_SECONDS: '2', JOB_RETRY_DELAY_SECONDS: '1',
      // A send holds its mail 4 s (default 120 s): the time a mail of a worker killed mid-send waits.
      SMTP_URL: relay.url, MAIL_LEASE_SECONDS: '4' };
    instances = startEntry('main.ts', {
      ...shared,
      PORT: String(port),
      INSTANCES: '2',
      JOBS: 'off',
      DIST_DIR: dist,
      SIGNED_URL_SECRET: 's'.repeat(40),
      LOCAL_JWT_SECRET: 'l'.repeat(40),
    });
    processes.push(instances);
    startWorker();
    await waitFor('two instances and a worker', () => instancePids().length === 2 && working(workers[0]!), 150_000, everything);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    operator = await signIn(url, 'staff@demo.kr');
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.race([Promise.all(processes.map((p) => p.exited)), new Promise((r) => setTimeout(r, 15_000))]);
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const pid of instancePids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await relay?.stop();
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  it('a worker SIGKILLed mid-encoding: once workers run again, the job is retried and the lecture is 게시 가능 from one output', async () => {
    const [killed] = workers;
    const lecture = (await db.query<{ videoid: number }>('select videoid from videos order by videoid limit 1')).rows[0]!.videoid;
    const uploadid = await uploadLecture(url, operator, lecture, readFileSync(makeVideo(join(work, 'long.mp4'), VIDEO_S + 1)));
    const runs = () => ffmpeg.encodings().filter((r) => r.args.includes(uploadid));
    const [cut] = await waitFor('the first encoding', () => runs().length === 1 && runs(), 60_000, everything);
    expect(cut!.parent).toBe(killed!.child.pid);
    killed!.child.kill('SIGKILL');
    await killed!.exited;
    await waitFor('the cut ffmpeg to die with its worker', () => !alive(cut!.pid), 10_000);
    expect((await lectureMedia(url, operator, lecture)).state).toBe('processing');

    const again = [startWorker(), startWorker()];
    await waitFor('two workers again', () => again.every(working), 120_000, everything);
    const [done] = await allSettled([lecture]);
    expect(done).toMatchObject({ state: 'ready', error: null, renditions: ['360p'], uploadid });
    const [, retried] = runs();
    expect(runs()).toHaveLength(2);
    expect(again.map((w) => w.child.pid)).toContain(retried!.parent);
    expectOneLadder(dataDir, lecture, uploadid);
    const tries = await db.query<{ attempt: number; outcome: string; pid: string }>(
      `select attempt, outcome, split_part(worker, ':', 2) as pid from job_attempts
        where job_id in (select id from pgboss.job where data->>'uploadid' = $1) order by attempt`,
      [uploadid],
    );
    expect(tries.rows).toEqual([
      { attempt: 1, outcome: 'abandoned', pid: String(killed!.child.pid) },
      { attempt: 2, outcome: 'completed', pid: String(retried!.parent) },
    ]);
  }, 420_000);

  it('three uploads through the instances are each encoded once, by the two workers, both of which took some', async () => {
    const again = workers.slice(1);
    const lectures = (await db.query<{ videoid: number }>('select videoid from videos order by videoid offset 1 limit 3')).rows.map((r) => r.videoid);
    const video = readFileSync(makeVideo(join(work, 'lecture.mp4'), VIDEO_S));
    const uploads: string[] = [];
    for (const videoid of lectures) uploads.push(await uploadLecture(url, operator, videoid, video));
    const states = await allSettled(lectures);
    expect(states.map((m) => m.state)).toEqual(['ready', 'ready', 'ready']);

    const runs = ffmpeg.encodings().filter((r) => uploads.some((u) => r.args.includes(u)));
    for (const uploadid of uploads) expect(runs.filter((r) => r.args.includes(uploadid))).toHaveLength(1);
    // While one encoded, the other took the next.
    expect(new Set(runs.map((r) => r.parent))).toEqual(new Set(again.map((w) => w.child.pid)));
    const tries = await db.query<{ uploadid: string; outcomes: string }>(
      `select j.data->>'uploadid' as uploadid, string_agg(a.outcome, ',') as outcomes
        from pgboss.job j join job_attempts a on a.job_id = j.id where j.name = 'lecture-transcode' and j.data->>'uploadid' = any($1)
        group by j.id, j.data->>'uploadid'`,
      [uploads],
    );
    expect(tries.rows.map((r) => [r.uploadid, r.outcomes]).sort()).toEqual(uploads.map((u) => [u, 'completed']).sort());
  }, 420_000);

  it('a worker SIGKILLed mid-send: every mail arrives, the one it was sending once more with the same Message-ID', async () => {
    holding = true;
    const mails: number[] = [];
    for (let i = 0; i < 6; i++) {
      const facts = { certificateno: `KPRA-KILL${i}`, contentsid: 104, title: '견갑골 안정화 클래스', issuedAt: '2026-11-28 10:00:00' };
      const row = await db.query<{ mailid: number }>(
        `insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
          values ($1, 'certificate-issued', 'u-demo-1', $2, '2026-11-28 10:00:00', '2026-11-28 10:00:00') returning mailid`,
        [`certificate-issued:kill-${i}`, JSON.stringify(facts)],
      );
      mails.push(row.rows[0]!.mailid);
    }
    const copies = (i: number) => relay.mails().filter((m) => new RegExp(`KPRA-KILL${i}\\b`).test(m.text));
    await waitFor('the held mail at the relay', () => copies(0).length === 1, 60_000, everything);
    // The worker whose try of that mail is running: it waits for the relay's answer, and dies.
    const { rows } = await waitFor(
      'the held mail\'s running try',
      async () => {
        const r = await db.query<{ pid: string }>(
          `select split_part(a.worker, ':', 2) as pid from job_attempts a join pgboss.job j on j.id = a.job_id
            where j.name = 'mail-send' and (j.data->>'mailid')::int = $1 and a.ended_at is null`,
          [mails[0]],
        );
        return r.rows.length === 1 && r;
      },
      10_000,
      everything,
    );
    const sender = workers.find((w) => String(w.child.pid) === rows[0]!.pid)!;
    sender.child.kill('SIGKILL');
    await sender.exited;
    holding = false;
    const again = startWorker();
    await waitFor('a worker again', () => working(again), 120_000, everything);
    await waitFor(
      'every mail sent',
      async () => (await db.query(`select 1 from mail_outbox where mailid = any($1) and state = 'sent'`, [mails])).rows.length === 6,
      90_000,
      everything,
    );
    expect(copies(0)).toHaveLength(2);
    for (let i = 0; i < 6; i++) {
      // Another mail the killed worker was sending at that moment may also come twice; never more, never another id.
      expect(copies(i).length).toBeGreaterThanOrEqual(1);
      expect(copies(i).length).toBeLessThanOrEqual(2);
      expect(new Set(copies(i).map((m) => m.messageId)).size).toBe(1);
    }
  }, 240_000);

  it('the instances answering members never ran ffmpeg, not even to look for it', () => {
    const ranBy = new Set(readFileSync(join(work, 'ffmpeg-runs.log'), 'utf8').split('\n').filter(Boolean).map((l) => Number(l.split(' ')[1])));
    expect(instancePids()).toHaveLength(2);
    for (const pid of instancePids()) expect(ranBy.has(pid)).toBe(false);
    // The workers looked for it at their start (`-version`), and encoded.
    expect([...ranBy].sort()).toEqual(workers.map((w) => w.child.pid!).sort());
  });
});
