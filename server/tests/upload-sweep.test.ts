import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT, signInAs, testServer, type TestServer } from '../testing';
import { sweepUnattachedUploads } from '../domain/uploadSweep';
import { openJobQueue } from '../jobs/queue';
import { workUploadSweep } from '../jobs/uploadSweepJob';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): the job queue in its one-process (PGlite) mode.

/**
 * Issue 41, hole 3: uploads nobody attached were kept forever. An upload not attached to a suggestion within a day is
 * removed with its stored bytes by the `upload-sweep` job; attached ones and younger ones stay. Time is injected (the
 * sweep's `now`, the job's clock) or faked (Date, for the uploads' own times): nothing waits a day.
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 60_000);
afterAll(() => s?.close());
afterEach(() => vi.useRealTimers());

async function upload(name: string, token: string): Promise<{ filename: string }> {
  const form = new FormData();
  form.append('files', new Blob([new TextEncoder().encode(`${name} 내용`)], { type: 'text/plain' }), name);
  const res = await fetch(`${s.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as any).datas[0];
}

async function attach(record: unknown, token: string) {
  const res = await fetch(`${s.url}/api/Board/SaveSuggest/`, {
    method: 'POST',
    headers: { ...CLIENT, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ useruid: 'u-demo-1', suggesttype: '1', title: '첨부 문의', content: '파일을 첨부합니다.', issecret: true, files: [record] }),
  });
  expect(res.status).toBe(200);
}

const kept = async (filenames: string[]) =>
  (
    await sql<{ filename: string; bytes: boolean }>`select u.filename, exists (select 1 from upload_bytes b where b.filename = u.filename) as bytes
      from uploads u where u.filename = any(${filenames}::text[]) order by u.filename`.execute(s.db)
  ).rows;

describe('the sweep of uploads never attached', () => {
  it('removes an upload unattached for a day with its bytes (and an old upload’s file), keeps attached and younger ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = new Date('2026-11-28T10:00:00+09:00').getTime();
    vi.setSystemTime(t0);
    const token = await signInAs(s, 'member@demo.kr');
    const attached = await upload('붙인 사진.txt', token);
    const forgotten = await upload('잊은 사진.txt', token);
    await attach(attached, token);
    // An upload from before migration 021: its bytes are a file in the data folder.
    mkdirSync(join(s.dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(s.dataDir, 'uploads', '20261128_0123456789ab.txt'), 'old');
    await sql`insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by)
      values ('20261128_0123456789ab.txt', '옛 파일.txt', 3, 'text/plain', '2026-11-28 09:00:00', 'u-demo-1')`.execute(s.db);
    vi.setSystemTime(t0 + 23 * 3600_000);
    const young = await upload('방금 사진.txt', await signInAs(s, 'member@demo.kr'));
    vi.useRealTimers();

    const all = [attached.filename, forgotten.filename, young.filename, '20261128_0123456789ab.txt'];
    // 23 hours after the first uploads: nothing is a day old yet.
    expect(await sweepUnattachedUploads(s.db, s.dataDir, new Date(t0 + 23 * 3600_000))).toEqual([]);
    expect((await kept(all)).length).toBe(4);

    const gone = await sweepUnattachedUploads(s.db, s.dataDir, new Date(t0 + 25 * 3600_000));
    expect(gone.sort()).toEqual([forgotten.filename, '20261128_0123456789ab.txt'].sort());
    expect(await kept(all)).toEqual(
      [
        { filename: attached.filename, bytes: true },
        { filename: young.filename, bytes: true },
      ].sort((a, b) => a.filename.localeCompare(b.filename)),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from upload_bytes where filename = ${forgotten.filename}`.execute(s.db)).rows[0]!.n).toBe(0);
    expect(existsSync(join(s.dataDir, 'uploads', '20261128_0123456789ab.txt'))).toBe(false);
    // Its record is gone for the member too.
    const url = await fetch(`${s.url}/api/file/url?filename=${forgotten.filename}`, { headers: { ...CLIENT, Authorization: `Bearer ${s.token}` } });
    expect(url.status).toBe(404);
    // The attached one still downloads.
    const stillThere = await fetch(`${s.url}/api/file/url?filename=${attached.filename}`, { headers: { ...CLIENT, Authorization: `Bearer ${s.token}` } });
    expect(stillThere.status).toBe(200);
  });

  it('runs as a job on the queue: a sweep asked for removes what a day left unattached', async () => {
    const forgotten = await upload('또 잊은 사진.txt', s.token);
    const attached = await upload('또 붙인 사진.txt', s.token);
    await attach(attached, s.token);
    const jobs = await openJobQueue(s.db, { sole: !process.env.DATABASE_URL, pollingIntervalSeconds: 0.2 });
    // The job's clock says a day and an hour have passed.
    const sweeper = await workUploadSweep(jobs, s.db, s.dataDir, () => new Date(Date.now() + 25 * 3600_000));
    try {
      await sweeper.queue();
      for (let i = 0; i < 100 && (await kept([forgotten.filename])).length; i++) await delay(100);
      expect(await kept([forgotten.filename, attached.filename])).toEqual([{ filename: attached.filename, bytes: true }]);
    } finally {
      sweeper.stop();
      await jobs.stop();
    }
  });
});
