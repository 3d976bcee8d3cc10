import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLIENT, testServer, type TestServer } from '../testing';
import { sign } from '../lib/signedUrl';

/**
 * Issue 11, findings 5-7: the users table follows row-level security, secret suggestions and their
 * files are their author's, paid handouts and lecture videos are their owners'. Every request is
 * what an attacker (anonymous, or another signed-in member) would send.
 */
let s: TestServer;
let other: string; // access token of u-demo-2, who owns no class
const ANON = { apikey: 'local-anon-key', Authorization: 'Bearer local-anon-key' };

beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  other = r.json.datas.accessToken;
}, 30_000);
afterAll(() => s?.close());

const bearer = (token: string) => ({ apikey: 'local-anon-key', Authorization: `Bearer ${token}` });
const rest = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${s.url}/rest/v1/${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
const upsert = (row: Record<string, unknown>, headers: Record<string, string>) =>
  rest('users?on_conflict=id', headers, {
    method: 'POST',
    body: JSON.stringify(row),
    headers: { 'content-type': 'application/json', Prefer: 'resolution=merge-duplicates,return=minimal' },
  });
const sessionTokenOf = async (id: string) =>
  (await sql<{ t: string | null }>`select active_session_token as t from users where id = ${id}`.execute(s.db)).rows[0]?.t;

describe('finding 5: the users table answers as Supabase row-level security would', () => {
  beforeAll(async () => {
    expect(
      (await upsert({ id: 'u-demo-1', last_login: '2024-05-01T10:00:00', active_session_token: 'st-one' }, bearer(s.token)))
        .status,
    ).toBe(201);
    expect(
      (await upsert({ id: 'u-demo-2', last_login: '2024-05-01T10:00:00', active_session_token: 'st-two' }, bearer(other))).status,
    ).toBe(201);
  });

  it('an anonymous read (anon key, or nothing) is 401 and lists no session token', async () => {
    for (const headers of [ANON, {}]) {
      const res = await rest('users?select=*', headers);
      const text = await res.text();
      expect(res.status).toBe(401);
      expect(text).not.toContain('st-one');
      expect(JSON.parse(text).code).toBe('42501');
    }
  });

  it('a forged or expired token is 401', async () => {
    expect((await rest('users?select=*', bearer('not.a.jwt'))).status).toBe(401);
    expect((await rest('users?select=*', bearer(`${s.token.slice(0, -4)}AAAA`))).status).toBe(401);
  });

  it("a member reads only its own row, even when it asks for everyone's or another's", async () => {
    const all = await (await rest('users?select=*', bearer(s.token))).json();
    expect(all.map((r: { id: string }) => r.id)).toEqual(['u-demo-1']);
    expect(await (await rest('users?select=active_session_token&id=eq.u-demo-2', bearer(s.token))).json()).toEqual([]);
    expect(await (await rest('users?select=active_session_token&id=eq.u-demo-1', bearer(s.token))).json()).toEqual([
      { active_session_token: 'st-one' },
    ]);
  });

  it("an anonymous upsert of a member's row is 401 and the member stays signed in", async () => {
    const res = await upsert({ id: 'u-demo-1', active_session_token: 'hijack' }, ANON);
    expect(res.status).toBe(401);
    expect(await sessionTokenOf('u-demo-1')).toBe('st-one');
  });

  it("another member's upsert of the row is 403 with PostgREST's RLS error and changes nothing", async () => {
    const res = await upsert({ id: 'u-demo-1', active_session_token: 'hijack' }, bearer(other));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "users"',
    });
    expect(await sessionTokenOf('u-demo-1')).toBe('st-one');
  });

  it('a member upserts its own row', async () => {
    expect((await upsert({ id: 'u-demo-1', active_session_token: 'st-one-b' }, bearer(s.token))).status).toBe(201);
    expect(await sessionTokenOf('u-demo-1')).toBe('st-one-b');
  });
});

async function upload(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
  const res = await fetch(`${s.url}/api/UploadFiles/`, {
    method: 'POST',
    headers: { ...CLIENT, Authorization: `Bearer ${s.token}` },
    body: form,
  });
  return ((await res.json()) as any).datas[0];
}
const plainDownload = (filename: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/file/downloadstream?filename=${encodeURIComponent(filename)}&originalFilename=x.txt`, {
    headers: { ...CLIENT, ...headers },
  });
const listAs = async (token: string | undefined, useruid?: string) =>
  (
    await s.call('POST', '/api/Board/GetSuggests/', {
      body: { page: 1, pageSize: 50, ...(useruid ? { useruid } : {}) },
      auth: false,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  ).json.datas.list as any[];

describe('finding 6: secret suggestions are their author’s', () => {
  const secretBytes = Buffer.from('my private medical note');
  const publicBytes = Buffer.from('a public attachment');
  let secretId: number;
  let publicId: number;
  let secretFile: string;
  let publicFile: string;

  beforeAll(async () => {
    const a = await upload('진단서.txt', secretBytes);
    const b = await upload('공개.txt', publicBytes);
    secretFile = a.filename;
    publicFile = b.filename;
    const body = { useruid: 'u-demo-1', suggesttype: '1', content: '내용' };
    secretId = (
      await s.call('POST', '/api/Board/SaveSuggest/', { body: { ...body, title: '비밀 문의 제목', issecret: true, files: [a] } })
    ).json.datas.suggestid;
    publicId = (
      await s.call('POST', '/api/Board/SaveSuggest/', { body: { ...body, title: '공개 문의 제목', issecret: false, files: [b] } })
    ).json.datas.suggestid;
  });

  it('to a visitor and to another member, a secret suggestion is "비밀글입니다." by a masked name, with no file', async () => {
    for (const token of [undefined, other]) {
      const list = await listAs(token);
      const secret = list.find((x) => x.suggestid === secretId);
      expect(secret).toMatchObject({ title: '비밀글입니다.', username: '김*라', issecret: true, files: [] });
      expect(JSON.stringify(list)).not.toContain(secretFile);
      expect(JSON.stringify(list)).not.toContain('비밀 문의 제목');
    }
  });

  it('"비밀글로 등록" unchecked is honoured: the suggestion is public, its author’s name still masked', async () => {
    const pub = (await listAs(undefined)).find((x) => x.suggestid === publicId);
    expect(pub).toMatchObject({ title: '공개 문의 제목', username: '김*라', issecret: false });
    expect(pub.files.map((f: any) => f.filename)).toEqual([publicFile]);
    const dl = await fetch(s.url + pub.files[0].path);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(publicBytes)).toBe(true);
  });

  it('its author sees the title, the name and a file link that works as a plain link', async () => {
    const mine = (await listAs(s.token, 'u-demo-1')).find((x) => x.suggestid === secretId);
    expect(mine).toMatchObject({ title: '비밀 문의 제목', username: '김필라', issecret: true });
    const dl = await fetch(s.url + mine.files[0].path);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(secretBytes)).toBe(true);
    const info = await s.call('GET', `/api/Board/GetSuggestInfo/${secretId}/1/u-demo-1`);
    expect(info.json.datas).toMatchObject({ title: '비밀 문의 제목', issecret: true });
    expect((await fetch(s.url + info.json.datas.files[0].path)).status).toBe(200);
  });

  it('its attachment does not download for a visitor or another member, nor with a forged or expired signature', async () => {
    expect((await plainDownload(secretFile)).status).toBe(401);
    const foreign = await plainDownload(secretFile, { Authorization: `Bearer ${other}` });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).respMessage).toBe('작성자만 내려받을 수 있는 파일입니다.');
    expect((await plainDownload(secretFile, { Authorization: `Bearer ${s.token}` })).status).toBe(200);
    const stale = sign(`file:${secretFile}`, -1);
    const forged = sign('file:someone-else.txt');
    for (const { expires, signature } of [stale, forged]) {
      const res = await fetch(
        `${s.url}/api/file/downloadstream?filename=${secretFile}&originalFilename=x.txt&expires=${expires}&signature=${signature}`,
        { headers: CLIENT },
      );
      expect(res.status).toBe(403);
    }
    const url = await s.call('GET', `/api/file/url?filename=${secretFile}`, { auth: false });
    expect(url.status).toBe(401);
  });

  it('another member cannot open it by its id', async () => {
    const r = await s.call('GET', `/api/Board/GetSuggestInfo/${secretId}/1/u-demo-2`, {
      auth: false,
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(r.status).toBe(404);
  });
});

describe('finding 7: paid handouts and lecture videos are their owners’', () => {
  const asOther = { auth: false, headers: { Authorization: `Bearer ${'' /* filled below */}` } };
  beforeAll(() => {
    asOther.headers.Authorization = `Bearer ${other}`;
  });

  it('the handout list of a class is 403 for a member who does not own it (or whose enrolment ended)', async () => {
    const r = await s.call('GET', '/api/Contents/GetContentsPdfList/101', asOther);
    expect(r.status).toBe(403);
    expect(r.json.respMessage).toBe('수강 중인 강의의 자료만 볼 수 있습니다.');
    expect((await s.call('GET', '/api/Contents/GetContentsPdfList/105')).status).toBe(403);
  });

  it('the owner gets the list with a signed link that downloads the PDF without headers', async () => {
    const r = await s.call('GET', '/api/Contents/GetContentsPdfList/101');
    expect(r.status).toBe(200);
    const pdf = r.json.datas[0];
    expect(pdf.path).toMatch(/expires=\d+&signature=/);
    const dl = await fetch(s.url + pdf.path);
    expect(dl.status).toBe(200);
    expect(
      Buffer.from(await dl.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('a paid PDF does not download for a visitor or a non-owner; the owner’s bearer token works', async () => {
    expect((await plainDownload('pdf-101.pdf')).status).toBe(401);
    const foreign = await plainDownload('pdf-101.pdf', { Authorization: `Bearer ${other}` });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).respMessage).toBe('수강 중인 강의의 자료만 내려받을 수 있습니다.');
    expect((await plainDownload('pdf-101.pdf', { Authorization: `Bearer ${s.token}` })).status).toBe(200);
    expect((await s.call('GET', '/api/file/url?filename=pdf-101.pdf', asOther)).status).toBe(403);
    const own = await s.call('GET', '/api/file/url?filename=pdf-101.pdf');
    expect((await fetch(s.url + own.json.datas.url)).status).toBe(200);
  });

  it('a notice attachment stays public', async () => {
    const row = (await sql<{ noticeid: number }>`select noticeid from notices where attachment is not null limit 1`.execute(s.db))
      .rows[0]!;
    const n = await s.call('GET', `/api/Main/GetNoticeInfo/${row.noticeid}/1`, { auth: false });
    const dl = await fetch(s.url + n.json.datas.files[0].path, { headers: CLIENT });
    expect(dl.status).toBe(200);
  });

  it('a video source is 403 for a class the member does not own; the owner gets a signed media link', async () => {
    const paid = (
      await sql<{ videoid: number }>`select videoid from videos where contentsid = 104 and not is_preview limit 1`.execute(s.db)
    ).rows[0]!;
    const r = await s.call('GET', `/api/Contents/GetVideoSourceUrl/${paid.videoid}`);
    expect(r.status).toBe(403);
    expect(r.json.respMessage).toBe('수강 중인 강의의 영상만 재생할 수 있습니다.');
    const mine = (
      await sql<{ videoid: number }>`select videoid from videos where contentsid = 101 and not is_preview limit 1`.execute(s.db)
    ).rows[0]!;
    const src = await s.call('GET', `/api/Contents/GetVideoSourceUrl/${mine.videoid}`);
    expect(src.json.datas.sourceurl).toMatch(/expires=\d+&signature=/);
    const play = await fetch(s.url + src.json.datas.sourceurl, { headers: { Range: 'bytes=0-9' } });
    expect(play.status).toBe(206);
  });

  it('the media stream of a paid video needs its signed link; a free preview plays for anyone', async () => {
    const paid = (
      await sql<{ path: string }>`select path from videos where contentsid = 104 and not is_preview limit 1`.execute(s.db)
    ).rows[0]!;
    const bare = await fetch(`${s.url}/api/Media/DataGetMedia?path=${encodeURIComponent(paid.path)}`, {
      headers: { Range: 'bytes=0-9' },
    });
    expect(bare.status).toBe(403);
    const detail = await s.call('GET', '/api/Contents/GetOnlineDetail/104/0', { auth: false });
    const preview = await fetch(s.url + detail.json.datas.previewurl, { headers: { Range: 'bytes=0-9' } });
    expect(preview.status).toBe(206);
  });
});
