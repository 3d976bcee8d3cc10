import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { countingFfmpeg, lectureMedia, makeVideo, signIn, uploadLecture, waitFor, type CountingFfmpeg } from './jobsTesting';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): the job queue in its one-process (PGlite) mode.

/**
 * A lecture video's job under failure (issue 38): each failed try is retried with pg-boss's backoff while the lecture
 * stays 변환 중; the last one makes it 실패 with its reason, which the console reads; 다시 시도 then runs it again. The
 * encoder fails while a flag is set (as a crashed ffmpeg would), so 다시 시도 after the fault can succeed. On PGlite and
 * on PostgreSQL.
 */
const work = mkdtempSync(join(tmpdir(), 'jobs-retry-'));
const LECTURE = 10112;
/** The queue's rule with a 1 s first delay: the second retry waits 2-4 s, the first 1-2 s. */
const RETRY_DELAY_S = 1;
let server: TestServer;
let ffmpeg: CountingFfmpeg;
let operator = '';

beforeAll(async () => {
  ffmpeg = countingFfmpeg(work);
  vi.stubEnv('FFMPEG_PATH', ffmpeg.path);
  server = await testServer({ jobs: true, jobQueue: { retryDelaySeconds: RETRY_DELAY_S, pollingIntervalSeconds: 0.1 } });
  operator = await signIn(server.url, 'staff@demo.kr');
}, 60_000);
afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
  rmSync(work, { recursive: true, force: true });
});

interface Attempt {
  job_id: string;
  attempt: number;
  outcome: string | null;
  error: string | null;
  started_ms: number;
  ended_ms: number | null;
}
const attemptsOf = async (uploadid: string) =>
  (
    await sql<Attempt>`select a.job_id, a.attempt, a.outcome, a.error,
        (extract(epoch from a.started_at) * 1000)::float8 as started_ms, (extract(epoch from a.ended_at) * 1000)::float8 as ended_ms
      from job_attempts a
      where a.job_id in (select id from pgboss.job where data->>'uploadid' = ${uploadid}
        union select id from pgboss.archive where data->>'uploadid' = ${uploadid})
      order by a.started_at`.execute(server.db)
  ).rows;

describe('a failing lecture video job', () => {
  it('is retried twice with backoff while the lecture stays 변환 중, then ends 실패 with its reason; 다시 시도 during the tries is refused', async () => {
    ffmpeg.failing(true);
    const uploadid = await uploadLecture(server.url, operator, LECTURE, readFileSync(makeVideo(join(work, 'a.mp4'), 2)));
    const seen = new Set<string>();
    let retryDuringTries: { status: number; message: string } | undefined;
    const failed = await waitFor('실패', async () => {
      const m = await lectureMedia(server.url, operator, LECTURE);
      seen.add(m.state);
      if (!retryDuringTries && (await attemptsOf(uploadid)).length === 1) {
        const r = await server.call('POST', `/api/Admin/Lectures/${LECTURE}/Media/Retry`, { headers: { Authorization: `Bearer ${operator}` }, auth: false });
        retryDuringTries = { status: r.status, message: r.json.respMessage };
      }
      return m.state === 'failed' && m;
    });
    // Never 실패 between tries: the console offers 다시 시도 only when nothing is left to try.
    expect([...seen].sort()).toEqual(['failed', 'processing']);
    expect(retryDuringTries).toEqual({ status: 409, message: '실패한 영상만 다시 시도할 수 있습니다.' });
    expect(failed).toMatchObject({ state: 'failed', error: '영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.', uploadid });

    const tries = await attemptsOf(uploadid);
    expect(tries.map((t) => [t.attempt, t.outcome])).toEqual([[1, 'failed'], [2, 'failed'], [3, 'failed']]);
    expect(new Set(tries.map((t) => t.job_id)).size).toBe(1);
    // Each try's reason is kept (the encoder's own words, for the server's operator).
    expect(tries.every((t) => /simulated encoder crash/.test(t.error ?? ''))).toBe(true);
    // Backoff: the second wait is at least twice the queue's delay, the first at least the delay (pg-boss: delay ×
    // 2^(n-1) × [1, 2)); a fixed delay would have made both about 1 s.
    const waits = [tries[1]!.started_ms - tries[0]!.ended_ms!, tries[2]!.started_ms - tries[1]!.ended_ms!];
    expect(waits[0]).toBeGreaterThanOrEqual(RETRY_DELAY_S * 1000);
    expect(waits[1]).toBeGreaterThanOrEqual(2 * RETRY_DELAY_S * 1000);
    // pg-boss keeps the failed job with the same reason.
    const job = await sql<{ state: string; output: { message: string } }>`select state, output from pgboss.job where id = ${tries[0]!.job_id}
      union all select state, output from pgboss.archive where id = ${tries[0]!.job_id}`.execute(server.db);
    expect(job.rows[0]).toMatchObject({ state: 'failed', output: { message: expect.stringMatching(/simulated encoder crash/) } });
    expect(ffmpeg.encodings().filter((r) => r.args.includes(uploadid))).toHaveLength(3);
  }, 90_000);

  it('다시 시도 after the fault is mended runs it again, once, to 게시 가능', async () => {
    ffmpeg.failing(false);
    const before = await lectureMedia(server.url, operator, LECTURE);
    const retry = await server.call('POST', `/api/Admin/Lectures/${LECTURE}/Media/Retry`, { headers: { Authorization: `Bearer ${operator}` }, auth: false });
    expect([retry.status, retry.json.datas.state, retry.json.datas.error]).toEqual([200, 'processing', null]);
    const ready = await waitFor('게시 가능', async () => {
      const m = await lectureMedia(server.url, operator, LECTURE);
      return (m.state === 'ready' || m.state === 'failed') && m;
    });
    expect(ready).toMatchObject({ state: 'ready', error: null, renditions: ['360p'], uploadid: before.uploadid });
    const tries = await attemptsOf(before.uploadid!);
    // A new job for the same upload: the three failed tries of the first, one completed try of the second.
    expect(tries.map((t) => t.outcome)).toEqual(['failed', 'failed', 'failed', 'completed']);
    expect(new Set(tries.map((t) => t.job_id)).size).toBe(2);
    expect(ffmpeg.encodings().filter((r) => r.args.includes(before.uploadid!))).toHaveLength(4);
    const audit = await sql<{ operation: string }>`select operation from audit_log where object_id = ${String(LECTURE)} order by auditid`.execute(server.db);
    expect(audit.rows.map((r) => r.operation)).toEqual(['createAdminUpload', 'retryAdminLectureMedia']);
  }, 90_000);
});
