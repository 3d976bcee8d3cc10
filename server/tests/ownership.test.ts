import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';

// ARCHITECTURE "Security model": another member's useruid is 403, no token 401.
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 30_000);
afterAll(() => s?.close());

const OTHER = 'u-demo-2';

describe("another member's useruid", () => {
  it.each([
    ['GET', `/api/Point/GetPointSum/${OTHER}`, undefined],
    ['POST', `/api/GetUserInfoWithUseruid/${OTHER}`, undefined],
    ['POST', '/api/Point/GetList/', { page: 1, pageSize: 10, useruid: OTHER }],
  ] as const)('%s %s is a 403 with a Korean message, and leaks nothing', async (method, path, body) => {
    const r = await s.call(method, path, body === undefined ? {} : { body });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' });
  });

  it('without a token is still a 401', async () => {
    const r = await s.call('GET', `/api/Point/GetPointSum/${OTHER}`, { auth: false });
    expect(r.status).toBe(401);
    expect(r.json.success).toBe(false);
  });

  it('the own useruid still answers', async () => {
    expect((await s.call('GET', '/api/Point/GetPointSum/u-demo-1')).status).toBe(200);
  });
});

// domain/ownership.ts: "owns it now" (a running enrolment) decides playing and selling again; "ever enrolled"
// (ended enrolments too) decides asking, rating and bookmarking.
describe('a class whose enrolment has ended', () => {
  const ME = 'u-demo-1';
  beforeAll(async () => {
    await sql`update enrollments set end_at = '2020-01-01 00:00:00' where useruid = ${ME} and contentsid = 101`.execute(s.db);
  });

  it('no longer plays and is no longer "already bought"', async () => {
    const video = await s.call('GET', '/api/Contents/GetVideoSourceUrl/10112');
    expect(video.status).toBe(403);
    expect(video.json.respMessage).toBe('수강 중인 강의의 영상만 재생할 수 있습니다.');
    const bought = await s.call('POST', '/api/Payment/IsCompleteTitle/', { body: { useruid: ME, contentsids: [101] } });
    expect(bought.json.datas).toMatchObject({ iscomplete: false, contentsids: [] });
    const cart = await s.call('GET', `/api/Cart/add/lecture/${ME}/101`);
    expect(cart.status).toBe(200);
  });

  it('may still be bookmarked, asked about and rated', async () => {
    expect((await s.call('POST', '/api/Contents/SetBookmark/', { body: { useruid: ME, contentsid: 101, isbookmarked: true } })).status).toBe(200);
    const qna = await s.call('POST', '/api/QnA/Save/', {
      body: { contentsid: 101, useruid: ME, title: '질문', content: '내용', issecret: false },
    });
    expect(qna.status).toBe(200);
    const rating = await s.call('POST', '/api/Rating/Save/', { body: { contentsid: 101, useruid: ME, ratescore: 5, content: '좋아요' } });
    expect(rating.status).toBe(200);
  });

  it('a class never bought is refused for all of them', async () => {
    expect((await s.call('POST', '/api/Contents/SetBookmark/', { body: { useruid: ME, contentsid: 104, isbookmarked: true } })).status).toBe(403);
    const qna = await s.call('POST', '/api/QnA/Save/', {
      body: { contentsid: 104, useruid: ME, title: '질문', content: '내용', issecret: false },
    });
    expect(qna.json.respMessage).toBe('수강한 클래스에만 질문할 수 있습니다.');
    const rating = await s.call('POST', '/api/Rating/Save/', { body: { contentsid: 104, useruid: ME, ratescore: 5, content: '좋아요' } });
    expect(rating.json.respMessage).toBe('수강한 강의만 평가할 수 있습니다.');
  });
});
