import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { NOTES_FULL, NOTES_PER_CLASS_MAX } from '../domain/notes';

// Issue 26, timestamped notes: the member's own, written at a second of a video of a class they own now.
let s: TestServer;
let other: string; // access token of u-demo-2, who owns no class
beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  other = r.json.datas.accessToken;
}, 30_000);
afterAll(() => s?.close());

const ME = 'u-demo-1';
const asOther = () => ({ Authorization: `Bearer ${other}` });
const save = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  s.call('POST', '/api/Note/Save/', {
    body: { useruid: ME, noteid: randomUUID(), contentsid: 101, videoid: 10111, second: 30, text: '메모', ...body },
    ...(headers ? { headers } : {}),
  });
const list = async (contentsid = 101, query = '') => {
  const r = await s.call('GET', `/api/Note/GetList/${contentsid}/${ME}${query}`);
  expect(r.status).toBe(200);
  return r.json.datas as { noteid: string; videoid: number; second: number; text: string; videotitle: string }[];
};

describe('a member writes, reads, edits and deletes notes', () => {
  it('saves at the second asked, trimmed, and lists the class notes by video then second', async () => {
    const late = await save({ second: 192.7, text: '  골반 중립 다시 보기  ' });
    expect(late.status).toBe(200);
    expect(late.json.datas).toMatchObject({ contentsid: 101, videoid: 10111, second: 192, text: '골반 중립 다시 보기' });
    await save({ second: 12, text: '호흡' });
    await save({ videoid: 10122, second: 5, text: '스트레칭' });
    const notes = await list();
    expect(notes.map((n) => [n.videoid, n.second, n.text])).toEqual([
      [10111, 12, '호흡'],
      [10111, 192, '골반 중립 다시 보기'],
      [10122, 5, '스트레칭'],
    ]);
    expect(notes[0]!.videotitle).toBe('강의 소개');
    expect((await list(101, '?videoid=10122')).map((n) => n.text)).toEqual(['스트레칭']);
  });

  it('clamps the second to the video: below 0 is 0, past the end is the duration', async () => {
    expect((await save({ second: -4 })).json.datas.second).toBe(0);
    expect((await save({ second: 99999 })).json.datas.second).toBe(300);
  });

  it('a doubled Save with the same note id leaves one note, answered as first stored', async () => {
    const noteid = randomUUID();
    const [a, b] = await Promise.all([save({ noteid, text: '한 번만' }), save({ noteid, text: '한 번만' })]);
    const replay = await save({ noteid, text: '다른 글' });
    expect([a.status, b.status, replay.status]).toEqual([200, 200, 200]);
    expect(replay.json.datas.text).toBe('한 번만');
    expect((await list()).filter((n) => n.noteid === noteid)).toHaveLength(1);
  });

  it('edits the text and deletes; a second delete is 404', async () => {
    const { noteid } = (await save({ text: '고칠 메모' })).json.datas;
    const edited = await s.call('POST', '/api/Note/Update/', { body: { useruid: ME, noteid, text: '고친 메모' } });
    expect(edited.json.datas).toMatchObject({ noteid, text: '고친 메모', second: 30 });
    expect((await list()).find((n) => n.noteid === noteid)?.text).toBe('고친 메모');
    const gone = await s.call('POST', '/api/Note/Delete/', { body: { useruid: ME, noteid } });
    expect(gone.json.datas).toEqual({ noteid });
    expect((await list()).some((n) => n.noteid === noteid)).toBe(false);
    const again = await s.call('POST', '/api/Note/Delete/', { body: { useruid: ME, noteid } });
    expect(again.status).toBe(404);
  });
});

describe('notes are the member’s own', () => {
  it("another member's edit and delete of this member's note are 404, and the note stays as it was", async () => {
    const { noteid } = (await save({ text: '내 메모' })).json.datas;
    const notFound = { success: false, respMessage: '메모를 찾을 수 없습니다.' };
    const edit = await s.call('POST', '/api/Note/Update/', { body: { useruid: 'u-demo-2', noteid, text: '바꿈' }, headers: asOther(), auth: false });
    const del = await s.call('POST', '/api/Note/Delete/', { body: { useruid: 'u-demo-2', noteid }, headers: asOther(), auth: false });
    expect([edit.status, edit.json, del.status, del.json]).toEqual([404, notFound, 404, notFound]);
    // Answered exactly as an id nobody has: its existence is not revealed.
    const unknown = await s.call('POST', '/api/Note/Delete/', { body: { useruid: 'u-demo-2', noteid: randomUUID() }, headers: asOther(), auth: false });
    expect([unknown.status, unknown.json]).toEqual([404, notFound]);
    expect((await list()).find((n) => n.noteid === noteid)?.text).toBe('내 메모');
    // The other member's list of the class does not show it either.
    const theirs = await s.call('GET', '/api/Note/GetList/101/u-demo-2', { headers: asOther(), auth: false });
    expect(theirs.json.datas).toEqual([]);
  });

  it("the same note id saved by another member is their own note and leaves this member's alone", async () => {
    const { noteid } = (await save({ text: '원래 메모' })).json.datas;
    const r = await s.call('POST', '/api/Note/Save/', {
      body: { useruid: 'u-demo-2', noteid, contentsid: 101, videoid: 10111, second: 1, text: '덮어쓰기' },
      headers: asOther(),
      auth: false,
    });
    expect(r.status).toBe(403); // u-demo-2 owns no class
    expect((await list()).find((n) => n.noteid === noteid)?.text).toBe('원래 메모');
  });

  it('a class the member does not own now (never bought, or ended) is 403 with a Korean message, and writes nothing', async () => {
    const notBought = await save({ contentsid: 104, videoid: 10411 });
    const ended = await save({ contentsid: 105, videoid: 10511 });
    for (const r of [notBought, ended]) {
      expect(r.status).toBe(403);
      expect(r.json.respMessage).toBe('수강 중인 클래스에만 메모를 남길 수 있습니다.');
    }
    expect(await list(105)).toEqual([]);
  });

  it("another member's useruid is 403; without a token 401; an unknown class or a video of another class 404", async () => {
    expect((await s.call('GET', '/api/Note/GetList/101/u-demo-2')).status).toBe(403);
    expect((await save({ useruid: 'u-demo-2' })).status).toBe(403);
    expect((await s.call('GET', `/api/Note/GetList/101/${ME}`, { auth: false })).status).toBe(401);
    expect((await s.call('POST', '/api/Note/Save/', { body: { useruid: ME, noteid: randomUUID(), contentsid: 101, videoid: 10111, second: 1, text: 'x' }, auth: false })).status).toBe(401);
    expect((await s.call('GET', `/api/Note/GetList/99999/${ME}`)).status).toBe(404);
    expect((await save({ videoid: 10211 })).status).toBe(404);
  });

  it('an empty or too long text is 400 with a Korean message, on Save and on Update', async () => {
    const empty = await save({ text: '   ' });
    const long = await save({ text: '가'.repeat(1001) });
    expect([empty.status, empty.json.respMessage]).toEqual([400, '메모 내용을 입력해주세요.']);
    expect([long.status, long.json.respMessage]).toEqual([400, '메모는 1000자까지 쓸 수 있습니다.']);
    expect((await save({ text: '가'.repeat(1000) })).status).toBe(200);
    const { noteid } = (await save({ text: '그대로' })).json.datas;
    const tooLong = await s.call('POST', '/api/Note/Update/', { body: { useruid: ME, noteid, text: 'a'.repeat(1001) } });
    expect([tooLong.status, tooLong.json.respMessage]).toEqual([400, '메모는 1000자까지 쓸 수 있습니다.']);
    expect((await list()).find((n) => n.noteid === noteid)?.text).toBe('그대로');
  });
});

describe('a class holds at most 500 of a member’s notes (the list is read whole)', () => {
  it('a Save past the cap is 409 with a Korean message and writes nothing; a retried Save of a stored note still answers it; a delete makes room', async () => {
    const kept = (await save({ text: '이미 저장된 메모' })).json.datas as { noteid: string };
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from notes where useruid = ${ME} and contentsid = 101`.execute(s.db)).rows[0]!.n,
      );
    await sql`insert into notes (useruid, noteid, contentsid, videoid, second, body, created_at, updated_at)
      select ${ME}, gen_random_uuid()::text, 101, 10111, g, '채움', now(), now() from generate_series(1, ${NOTES_PER_CLASS_MAX - (await count())}) g`.execute(s.db);
    expect(await count()).toBe(NOTES_PER_CLASS_MAX);
    const full = await save({ text: '하나 더' });
    expect([full.status, full.json.respMessage]).toEqual([409, NOTES_FULL]);
    expect(await count()).toBe(NOTES_PER_CLASS_MAX);
    const replay = await save({ noteid: kept.noteid, text: '이미 저장된 메모' });
    expect([replay.status, replay.json.datas.noteid]).toEqual([200, kept.noteid]);
    // Another class of the member is not counted against this one.
    expect((await save({ contentsid: 121, videoid: 12111 })).status).toBe(200);
    await s.call('POST', '/api/Note/Delete/', { body: { useruid: ME, noteid: kept.noteid } });
    expect((await save({ text: '자리가 났다' })).status).toBe(200);
  });
});
