import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, signInAs, testServer, type TestServer } from '../testing';

/**
 * Lecture video over tus 1.0 to an HLS ladder (issue 38), through the real server, pg-boss and ffmpeg: refused before
 * any byte is stored, resumed at the server's offset, processed once, played by the member with every rung signed.
 */
const work = mkdtempSync(join(tmpdir(), 'admin-media-'));
const VIDEO = join(work, 'lecture.mp4');
/** Class 101 is 최밸런스 강사's (the demo instructor teaches 한리포머 강사's); 10112 is one of its paid lectures. */
const LECTURE = 10112;
const BROKEN = 10121;
let server: TestServer;
const as = { operator: '', instructor: '', member: '' };

beforeAll(async () => {
  // A real short video (ffmpeg's test source, with sound), 854×480: the ladder is 480p and 360p.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', VIDEO]);
  // Retries 1-2 s then 2-4 s after a failed try (the queue's rule is 10 s): the broken video's three tries fit the test.
  server = await testServer({ jobs: true, jobQueue: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.2 } });
  for (const [who, email] of [['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr']] as const) as[who] = await signInAs(server, email);
  as.member = server.token;
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tus = (token: string | undefined, extra: Record<string, string> = {}) => ({
  ...CLIENT,
  'Tus-Resumable': '1.0.0',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
  ...extra,
});

async function create(token: string | undefined, length: number, videoid = LECTURE, filename = 'lecture.mp4') {
  return fetch(`${server.url}/api/Admin/Uploads`, {
    method: 'POST',
    headers: tus(token, { 'Upload-Length': String(length), 'Upload-Metadata': `videoid ${b64(String(videoid))},filename ${b64(filename)}` }),
  });
}
const patch = (token: string, location: string, offset: number, body: Uint8Array) =>
  fetch(server.url + location, {
    method: 'PATCH',
    headers: tus(token, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
    body: new Uint8Array(body),
  });
const media = async (videoid = LECTURE) =>
  (await server.call('GET', `/api/Admin/Lectures/${videoid}/Media`, { headers: { Authorization: `Bearer ${as.operator}` }, auth: false })).json.datas;
const uploadsHeld = () => {
  const dir = join(server.dataDir, 'uploads', 'video');
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.json')) : [];
};

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('lecture video upload (tus 1.0)', () => {
  it('refuses before any byte is stored: no token 401, a member 403, another teacher\'s lecture 403, over 5 GB 413, another tus version 412', async () => {
    const size = statSync(VIDEO).size;
    const refusals = [
      [await create(undefined, size), 401],
      [await create(as.member, size), 403],
      [await create(as.instructor, size), 403],
      [await create(as.operator, 6 * 1024 ** 3), 413],
      [await fetch(`${server.url}/api/Admin/Uploads`, { method: 'POST', headers: { ...tus(as.operator), 'Tus-Resumable': '0.2.2', 'Upload-Length': '10', 'Upload-Metadata': `videoid ${b64('10111')}` } }), 412],
    ] as const;
    expect(refusals.map(([r]) => r.status)).toEqual(refusals.map(([, s]) => s));
    const big = await create(as.operator, 6 * 1024 ** 3);
    expect((await big.json()).respMessage).toBe('영상 파일은 5GB까지 올릴 수 있습니다.');
    expect(uploadsHeld()).toEqual([]);
    expect((await media()).state).toBe('none');
  });

  it('bytes that are not a video container are refused at the first PATCH and the upload is removed, whatever the name says', async () => {
    const fake = Buffer.from('<html><script>alert(1)</script></html>'.repeat(10));
    const created = await create(as.operator, fake.length, LECTURE, 'lecture.mp4');
    expect(created.status).toBe(201);
    const r = await patch(as.operator, created.headers.get('location')!, 0, fake);
    expect([r.status, (await r.json()).respMessage]).toEqual([415, '영상 파일만 올릴 수 있습니다. (MP4, MOV, WebM, MKV, AVI, TS)']);
    const id = created.headers.get('location')!.split('/').pop()!;
    expect(existsSync(join(server.dataDir, 'uploads', 'video', id))).toBe(false);
    // Its upload went with it: continuing it finds nothing.
    const again = await fetch(server.url + created.headers.get('location')!, { method: 'HEAD', headers: tus(as.operator) });
    expect(again.status).toBe(404);
  });

  it('resumes at the server\'s offset (a wrong one is 409), then processes the ladder once and the member plays every rung signed', async () => {
    const bytes = readFileSync(VIDEO);
    const created = await create(as.operator, bytes.length, LECTURE, '../../../etc/lecture.mp4');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/Admin\/Uploads\/[A-Za-z0-9_-]+$/);
    const half = Math.floor(bytes.length / 2);
    expect((await patch(as.operator, location, 0, bytes.subarray(0, half))).status).toBe(204);
    // A network cut: the client asks where the server is, and a PATCH at another offset is refused.
    const head = await fetch(server.url + location, { method: 'HEAD', headers: tus(as.operator) });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect((await media()).state).toBe('uploading');
    expect((await patch(as.operator, location, half + 5, bytes.subarray(half + 5))).status).toBe(409);
    // Another teacher's instructor may not continue it.
    expect((await patch(as.instructor, location, half, bytes.subarray(half))).status).toBe(403);
    const last = await patch(as.operator, location, half, bytes.subarray(half));
    expect([last.status, last.headers.get('upload-offset')]).toEqual([204, String(bytes.length)]);

    const ready = await until(media, (m) => m.state === 'ready' || m.state === 'failed');
    expect(ready).toMatchObject({ state: 'ready', progress: 100, renditions: ['480p', '360p'], durationsec: 3, error: null });
    // The file name's path parts never left the store: the bytes are kept under the upload's own id.
    expect(existsSync(join(server.dataDir, 'etc'))).toBe(false);

    // The member who owns class 101 plays it: the ladder, every link signed, real fMP4 bytes behind them.
    const source = await server.call('GET', `/api/Contents/GetVideoSourceUrl/${LECTURE}`);
    const master = await (await fetch(server.url + source.json.datas.sourceurl)).text();
    const variants = master.split('\n').filter((l) => l.startsWith('/api/Media/DataGetMedia'));
    expect(master).toMatch(/RESOLUTION=854x480/);
    expect(variants).toHaveLength(2);
    expect(variants.every((v) => /signature=/.test(v))).toBe(true);
    const playlist = await (await fetch(server.url + variants[1]!)).text();
    const init = /URI="([^"]+)"/.exec(playlist)![1]!;
    const segment = playlist.split('\n').find((l) => l.startsWith('/api/Media/DataGetMedia'))!;
    const initBytes = Buffer.from(await (await fetch(server.url + init)).arrayBuffer());
    expect(initBytes.subarray(4, 8).toString()).toBe('ftyp');
    // Read to its end, as a player does (a body left unread keeps the connection busy past the server's drain).
    const segmentRes = await fetch(server.url + segment);
    expect([segmentRes.status, (await segmentRes.arrayBuffer()).byteLength > 0]).toEqual([200, true]);
    // Without the signature a rung is refused.
    expect((await fetch(server.url + segment.replace(/&expires=.*$/, ''))).status).toBe(403);
    const row = await sql<{ path: string; duration_sec: number }>`select path, duration_sec from videos where videoid = ${LECTURE}`.execute(server.db);
    expect(row.rows[0]).toMatchObject({ duration_sec: 3 });
    // Each step in the audit trail.
    const audit = await sql<{ operation: string }>`select operation from audit_log where object_id = ${String(LECTURE)} order by auditid`.execute(server.db);
    expect(audit.rows.map((r) => r.operation)).toContain('createAdminUpload');
  }, 120_000);

  it('a video ffmpeg cannot read fails with its reason in Korean, and 다시 시도 runs it again', async () => {
    // An MP4 signature in front of noise: it passes the sniff, and ffmpeg refuses it.
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);
    const created = await create(as.operator, broken.length, BROKEN);
    expect((await patch(as.operator, created.headers.get('location')!, 0, broken)).status).toBe(204);
    const failed = await until(() => media(BROKEN), (m) => m.state === 'failed');
    expect(failed).toMatchObject({ state: 'failed', error: '영상 파일을 읽을 수 없습니다. 손상되었거나 지원하지 않는 형식입니다.' });
    // 실패 came after the queue's three tries (the first and two retries), each kept with ffprobe's own reason.
    const tries = await sql<{ outcome: string; error: string }>`select outcome, error from job_attempts
      where job_id in (select id from pgboss.job where data->>'uploadid' = ${failed.uploadid}) order by attempt`.execute(server.db);
    expect(tries.rows.map((t) => t.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(tries.rows.every((t) => /ffprobe exited/.test(t.error))).toBe(true);
    const retry = await server.call('POST', `/api/Admin/Lectures/${BROKEN}/Media/Retry`, { headers: { Authorization: `Bearer ${as.operator}` }, auth: false });
    expect([retry.status, retry.json.datas.state]).toEqual([200, 'processing']);
    const again = await until(() => media(BROKEN), (m) => m.state === 'failed');
    expect(again.state).toBe('failed');
    const twice = await server.call('POST', `/api/Admin/Lectures/${LECTURE}/Media/Retry`, { headers: { Authorization: `Bearer ${as.operator}` }, auth: false });
    expect(twice.status).toBe(409);
  }, 120_000);
});

describe('다시 시도 where no job queue runs (JOBS off, or no ffmpeg)', () => {
  it('answers with the lecture\'s state first: one not 실패 is refused as such, and only a 실패 one hears that this server cannot process it', async () => {
    const bare = await testServer();
    try {
      const operator = await signInAs(bare, 'staff@demo.kr');
      const retry = async () => {
        const r = await bare.call('POST', `/api/Admin/Lectures/${LECTURE}/Media/Retry`, { headers: { Authorization: `Bearer ${operator}` }, auth: false });
        return [r.status, r.json.respMessage];
      };
      const notFailed = [409, '실패한 영상만 다시 시도할 수 있습니다.'];
      expect(await retry()).toEqual(notFailed);
      await sql`insert into lecture_media (videoid, upload_id, upload_length, state, progress, uploaded_by, updated_at)
        values (${LECTURE}, 'kept-upload', 1000, 'ready', 100, 'u-demo-5', '2026-11-28 10:00:00')`.execute(bare.db);
      expect(await retry()).toEqual(notFailed);
      await sql`update lecture_media set state = 'failed', error = '영상을 변환하지 못했습니다.' where videoid = ${LECTURE}`.execute(bare.db);
      expect(await retry()).toEqual([409, '이 서버에는 영상 변환 도구(ffmpeg)가 없어 영상을 올릴 수 없습니다. 운영 안내서를 확인해주세요.']);
      // Refused, it changed nothing and wrote no audit entry.
      const row = await sql<{ state: string }>`select state from lecture_media where videoid = ${LECTURE}`.execute(bare.db);
      expect(row.rows[0]!.state).toBe('failed');
      const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log where operation = 'retryAdminLectureMedia'`.execute(bare.db);
      expect(audit.rows[0]!.n).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
