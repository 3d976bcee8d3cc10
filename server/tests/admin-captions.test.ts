import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, jsonOf, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): where the data directory puts staged files.

/**
 * Caption files in the console (issue 38): SRT or WebVTT uploaded per language, SRT turned into WebVTT, a malformed
 * file refused with its line and nothing stored, and the track served to the class's owner signed like the demo's.
 */
/** Class 101 is 최밸런스 강사's (the demo instructor teaches 한리포머 강사's, e.g. 103); member@demo.kr owns 101. */
const LECTURE = 10112;
const OWN_LECTURE = 10311;
const SRT = '1\n00:00:01,000 --> 00:00:02,000\n안녕하세요\n\n2\n00:00:02,500 --> 00:00:04,000\n호흡을 준비합니다.\n';

let server: TestServer;
const tokens: Record<string, string> = {};
let requestNo = 0;
beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  tokens.operator = await signInAs(server, 'staff@demo.kr');
  tokens.instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

/** A console call as `who` ('visitor' sends no token) with its own request id; `form` sends multipart. */
async function as(who: string, method: string, path: string, form?: FormData) {
  const requestId = `t-captions-${++requestNo}`;
  const headers: Record<string, string> = { ...CLIENT, 'x-request-id': requestId };
  if (who !== 'visitor') headers.Authorization = `Bearer ${tokens[who]}`;
  const res = await fetch(server.url + path, { method, headers, body: form });
  return { status: res.status, json: await jsonOf(res), requestId };
}

function captionForm(content: string | Uint8Array, srclang = 'ko', label = '한국어', name = `${srclang}.srt`): FormData {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  form.append('srclang', srclang);
  form.append('label', label);
  return form;
}
const upload = (who: string, content: string | Uint8Array, srclang?: string, label?: string, videoid = LECTURE) =>
  as(who, 'POST', `/api/Admin/Lectures/${videoid}/Captions`, captionForm(content, srclang, label));

/** What the class's owner gets: the player's tracks, and each track's WebVTT fetched from its signed url. */
async function memberSees(videoid = LECTURE) {
  const src = await server.call('GET', `/api/Contents/GetVideoSourceUrl/${videoid}`);
  expect(src.status).toBe(200);
  const tracks: { srclang: string; label: string; url: string }[] = src.json.datas.captions;
  const files: Record<string, { status: number; text: string }> = {};
  for (const t of tracks) {
    const res = await fetch(server.url + t.url);
    files[t.srclang] = { status: res.status, text: await res.text() };
  }
  return { tracks: tracks.map((t) => [t.srclang, t.label]), urls: tracks.map((t) => t.url), files };
}

const fileOf = (videoid: number, srclang: string) => join(server.dataDir, 'media', 'captions', String(videoid), `${srclang}.vtt`);
const onDisk = (videoid: number, srclang: string) => (existsSync(fileOf(videoid, srclang)) ? readFileSync(fileOf(videoid, srclang), 'utf8') : undefined);
/**
 * Staged files a write left behind in a lecture's caption folder. (Under DATABASE_URL the server's dataDir is the
 * checkout's .data, which earlier runs may have written to: the tests look at named files, not the whole folder.)
 */
const leftovers = (videoid: number) => {
  const dir = join(server.dataDir, 'media', 'captions', String(videoid));
  return existsSync(dir) ? readdirSync(dir).filter((f) => !/^[a-z]{2,3}(-[A-Z]{2})?\.vtt$/.test(f)) : [];
};

async function auditOf(requestId: string) {
  return (await sql<{ actor_role: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor_role, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(server.db)).rows;
}

describe('caption files in the console', () => {
  it("lists a lecture's demo track: its cues counted from the lesson's length, never uploaded", async () => {
    const r = await as('operator', 'GET', `/api/Admin/Lectures/${LECTURE}/Captions`);
    expect(r.status).toBe(200);
    expect(r.json.datas).toEqual([{ srclang: 'ko', label: '한국어', cues: expect.any(Number), updatedat: null }]);
    expect(r.json.datas[0].cues).toBeGreaterThan(0);
  });

  it('an operator uploads SRT: the owner gets the track in the player, its signed url serves the converted WebVTT; audited', async () => {
    const r = await upload('operator', SRT);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.datas).toEqual([{ srclang: 'ko', label: '한국어', cues: 2, updatedat: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/) }]);

    const seen = await memberSees();
    expect(seen.tracks).toEqual([['ko', '한국어']]);
    expect(seen.urls[0]).toMatch(/uploaded-captions%2F10112%2Fko\.vtt&expires=\d+&signature=/);
    expect(seen.files.ko!.status).toBe(200);
    const vtt = seen.files.ko!.text;
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('1\n00:00:01.000 --> 00:00:02.000\n안녕하세요\n');
    expect(vtt).toContain('00:00:02.500 --> 00:00:04.000\n호흡을 준비합니다.');
    expect(onDisk(LECTURE, 'ko')).toBe(vtt);
    // Without its signature the uploaded track is refused like the demo's.
    expect((await fetch(server.url + seen.urls[0]!.replace(/&expires=.*$/, ''))).status).toBe(403);

    const [entry, ...more] = await auditOf(r.requestId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_role: 'operator', operation: 'uploadAdminCaption', object_type: 'lecture', object_id: String(LECTURE) });
    expect(JSON.parse(entry!.summary).after).toEqual({ srclang: 'ko', label: '한국어', cues: 2, format: 'srt' });
    expect(entry!.summary).not.toContain('안녕하세요');
  });

  it('a WebVTT file in another language adds a track; the same language again replaces its track', async () => {
    const en = await upload('operator', 'WEBVTT\n\nNOTE translated\n\n00:01.000 --> 00:03.000\nBreathe in\n', 'en', 'English');
    expect(en.status, JSON.stringify(en.json)).toBe(200);
    expect(en.json.datas.map((t: { srclang: string; cues: number }) => [t.srclang, t.cues])).toEqual([['en', 1], ['ko', 2]]);

    const again = await upload('operator', '1\n00:00:05,000 --> 00:00:06,000\n다시 올린 자막\n', 'ko', '한국어 (수정)');
    expect(again.status).toBe(200);
    expect(again.json.datas.map((t: { srclang: string; label: string; cues: number }) => [t.srclang, t.label, t.cues])).toEqual([['en', 'English', 1], ['ko', '한국어 (수정)', 1]]);
    const seen = await memberSees();
    expect(seen.tracks).toEqual([['en', 'English'], ['ko', '한국어 (수정)']]);
    expect(seen.files.ko!.text).toContain('00:00:05.000 --> 00:00:06.000\n다시 올린 자막');
    expect(seen.files.ko!.text).not.toContain('안녕하세요');
    expect(seen.files.en!.text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBreathe in\n');
    const rows = (await sql<{ n: number }>`select count(*)::int as n from captions where videoid = ${LECTURE} and srclang = 'ko'`.execute(server.db)).rows;
    expect(rows[0]!.n).toBe(1);
    expect(JSON.parse((await auditOf(again.requestId))[0]!.summary)).toMatchObject({ before: { srclang: 'ko', label: '한국어' }, after: { label: '한국어 (수정)', cues: 1 } });
    expect(onDisk(LECTURE, 'en')).toBe(seen.files.en!.text);
    expect(leftovers(LECTURE)).toEqual([]);
  });

  it('a malformed file is refused with the line it broke on, and nothing is stored', async () => {
    const before = await tableSnapshot(server.db);
    const served = onDisk(LECTURE, 'ko');
    const broken = await upload('operator', '1\n00:00:01,000 --> 00:00:02,000\n가\n\n2\n00:00:03.00 -> 00:00:04,000\n나\n');
    expect([broken.status, broken.json.respMessage]).toEqual([
      400,
      "자막 파일 6번째 줄을 읽을 수 없습니다: 시간 사이에 '-->'가 없습니다. 시간 형식은 00:00:01,000 --> 00:00:04,000 이어야 합니다.",
    ]);
    const reversed = await upload('operator', '1\n00:00:05,000 --> 00:00:04,000\n가\n', 'es', 'Español');
    expect([reversed.status, reversed.json.respMessage]).toEqual([400, '자막 파일 2번째 줄을 읽을 수 없습니다: 끝 시간이 시작 시간보다 뒤여야 합니다.']);
    // "안녕" in EUC-KR, as a Korean Windows editor saves it.
    const euckr = await upload('operator', new Uint8Array([...new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\n'), 0xbe, 0xc8, 0xb3, 0xe7, 0x0a]));
    expect(euckr.status).toBe(400);
    expect(euckr.json.respMessage).toMatch(/3번째 줄이 UTF-8이 아닙니다.*UTF-8로 바꿔 저장/);
    expect((await upload('operator', '')).json.respMessage).toBe('자막 파일이 비어 있습니다.');
    expect((await upload('operator', 'WEBVTT\n\nNOTE 메모뿐\n')).status).toBe(400);
    expect((await upload('operator', SRT, '../../etc')).json.respMessage).toBe('자막 언어 코드가 올바르지 않습니다. (예: ko, en, ja, zh-TW)');
    expect((await upload('operator', SRT, 'ko', '')).status).toBe(400);
    const noFile = new FormData();
    noFile.append('srclang', 'ko');
    noFile.append('label', '한국어');
    expect((await as('operator', 'POST', `/api/Admin/Lectures/${LECTURE}/Captions`, noFile)).json.respMessage).toBe('자막 파일(.srt 또는 .vtt)을 선택해주세요.');
    const huge = await upload('operator', SRT + '\n'.repeat(1024 * 1024));
    expect([huge.status, huge.json.respMessage]).toEqual([413, '자막 파일은 1MB까지 올릴 수 있습니다.']);

    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect(onDisk(LECTURE, 'ko')).toBe(served);
    expect(onDisk(LECTURE, 'es')).toBeUndefined();
    expect(leftovers(LECTURE)).toEqual([]);
  });

  it('markup other than WebVTT’s never reaches the player: no <script>, no attributes', async () => {
    const r = await upload('operator', '1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script><b onclick="alert(2)">굵게</b> <font color="red">빨강</font>\n', 'ja', '日本語');
    expect(r.status).toBe(200);
    const vtt = (await memberSees()).files.ja!.text;
    expect(vtt).toContain('<b>굵게</b> 빨강');
    expect(vtt).not.toMatch(/script|alert|onclick|font/i);
  });

  it('an instructor on another teacher’s class: 403 and nothing changed; on their own class: stored', async () => {
    const before = await tableSnapshot(server.db);
    const served = onDisk(LECTURE, 'ko');
    for (const r of [
      await upload('instructor', SRT),
      await as('instructor', 'GET', `/api/Admin/Lectures/${LECTURE}/Captions`),
      await as('instructor', 'DELETE', `/api/Admin/Lectures/${LECTURE}/Captions/ko`),
    ])
      expect(r.status).toBe(403);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect(onDisk(LECTURE, 'ko')).toBe(served);

    const own = await upload('instructor', SRT, 'ko', '한국어', OWN_LECTURE);
    expect(own.status).toBe(200);
    expect((await auditOf(own.requestId))[0]).toMatchObject({ actor_role: 'instructor', operation: 'uploadAdminCaption', object_id: String(OWN_LECTURE) });
  });

  it('a member 403, a visitor 401; an unknown lecture 404', async () => {
    const before = await tableSnapshot(server.db);
    const member = await upload('member', SRT);
    expect([member.status, member.json.respMessage]).toEqual([403, '운영진만 이용할 수 있습니다.']);
    const visitor = await upload('visitor', SRT);
    expect([visitor.status, visitor.json.respMessage]).toEqual([401, '로그인 후 이용해주세요.']);
    expect((await as('member', 'DELETE', `/api/Admin/Lectures/${LECTURE}/Captions/ko`)).status).toBe(403);
    expect((await as('visitor', 'GET', `/api/Admin/Lectures/${LECTURE}/Captions`)).status).toBe(401);
    expect((await upload('operator', SRT, 'ko', '한국어', 999_999)).status).toBe(404);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('delete removes the track from the player’s list and its file; audited; a second delete is 404', async () => {
    const { urls } = await memberSees();
    const r = await as('operator', 'DELETE', `/api/Admin/Lectures/${LECTURE}/Captions/en`);
    expect(r.status).toBe(200);
    expect(r.json.datas.map((t: { srclang: string }) => t.srclang)).toEqual(['ja', 'ko']);
    const seen = await memberSees();
    expect(seen.tracks.map(([lang]) => lang)).toEqual(['ja', 'ko']);
    // The link handed out before the delete opens nothing any more.
    expect((await fetch(server.url + urls.find((u) => u.includes('en.vtt'))!)).status).toBe(404);
    expect([onDisk(LECTURE, 'en'), onDisk(LECTURE, 'ja') === seen.files.ja!.text]).toEqual([undefined, true]);
    const [entry] = await auditOf(r.requestId);
    expect(entry).toMatchObject({ actor_role: 'operator', operation: 'deleteAdminCaption', object_type: 'lecture', object_id: String(LECTURE) });
    expect(JSON.parse(entry!.summary).before).toEqual({ srclang: 'en', label: 'English' });

    const again = await as('operator', 'DELETE', `/api/Admin/Lectures/${LECTURE}/Captions/en`);
    expect([again.status, again.json.respMessage]).toEqual([404, '이 언어의 자막이 없습니다.']);
    expect((await as('operator', 'DELETE', `/api/Admin/Lectures/${LECTURE}/Captions/..%2Fko`)).status).toBe(400);
  });

  it("a demo track can be deleted too (it has no file); the lecture then has no captions", async () => {
    const r = await as('operator', 'DELETE', `/api/Admin/Lectures/10111/Captions/ko`);
    expect(r.status).toBe(200);
    expect(r.json.datas).toEqual([]);
    expect((await memberSees(10111)).tracks).toEqual([]);
  });
});
