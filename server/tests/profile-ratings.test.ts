import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

// Issue 14 (part B) as an attacker would try it: another member's useruid on the profile calls, a rating
// written by a non-owner, another member's rating edited or deleted, a doubled first rating.
let s: TestServer;
let otherToken = '';
beforeAll(async () => {
  s = await testServer();
  otherToken = (await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false } })).json.datas
    .accessToken;
}, 30_000);
afterAll(() => s?.close());

/** The call as member u-demo-2 (the test server signs its calls as u-demo-1 unless told not to). */
const other = () => ({ auth: false, headers: { Authorization: `Bearer ${otherToken}` } });
const FORBIDDEN = { success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' };

describe("profile calls with another member's useruid", () => {
  it('UpdateUser is 403 and the other member keeps their phone', async () => {
    const r = await s.call('POST', '/api/UpdateUser', { body: { useruid: 'u-demo-2', phone: '010-0000-0000', name: '해커' } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual(FORBIDDEN);
    const theirs = await s.call('POST', '/api/GetUserInfoWithUseruid/u-demo-2', other());
    expect(theirs.json.datas).toMatchObject({ name: '이새봄', phone: '010-2222-3333' });
  });

  it('LeaveUser is 403 and the other member can still sign in', async () => {
    const r = await s.call('POST', '/api/LeaveUser', { body: { useruid: 'u-demo-2' } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual(FORBIDDEN);
    expect((await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false } })).status).toBe(200);
  });

  it('without a token both are 401', async () => {
    expect(
      (await s.call('POST', '/api/UpdateUser', { body: { useruid: 'u-demo-1', phone: '010-1111-2222' }, auth: false })).status,
    ).toBe(401);
    expect((await s.call('POST', '/api/LeaveUser', { body: { useruid: 'u-demo-1' }, auth: false })).status).toBe(401);
  });

  it('a malformed phone is a 400 in Korean, never stored', async () => {
    const r = await s.call('POST', '/api/UpdateUser', { body: { useruid: 'u-demo-1', phone: '02-123-4567' } });
    expect(r.status).toBe(400);
    expect(r.json.respMessage).toMatch(/[가-힣]/);
    expect((await s.call('POST', '/api/GetUserInfoWithUseruid/u-demo-1')).json.datas.phone).toBe('010-1234-5678');
  });
});

describe('ratings', () => {
  const mine = { ratingid: 0, contentsid: 101, useruid: 'u-demo-1', ratescore: 4, content: '호흡이 편해졌어요.' };

  it('a member who does not own the class cannot rate it', async () => {
    const r = await s.call('POST', '/api/Rating/Save/', { body: { ...mine, useruid: 'u-demo-2' }, ...other() });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe('수강한 강의만 평가할 수 있습니다.');
  });

  it('a rating in another member’s name is 403', async () => {
    const r = await s.call('POST', '/api/Rating/Save/', { body: { ...mine, useruid: 'u-demo-2' } });
    expect(r.status).toBe(403);
  });

  it('the owner rates once; a doubled first save is refused', async () => {
    const first = await s.call('POST', '/api/Rating/Save/', { body: mine });
    expect(first.status).toBe(200);
    expect(first.json.datas).toMatchObject({ contentsid: 101, ratescore: 4, ismine: true });
    const again = await s.call('POST', '/api/Rating/Save/', { body: mine });
    expect(again.status).toBe(409);
    expect(again.json.respMessage).toBe('이미 평가한 강의입니다.');
  });

  it("another member's rating can be neither edited nor deleted", async () => {
    const list = await s.call('POST', '/api/Rating/GetRatings/', { body: { page: 1, pageSize: 50, contentsid: 101 } });
    const theirs = list.json.datas.list.find((r: { ismine: boolean }) => !r.ismine);
    expect(theirs).toBeDefined();
    const edit = await s.call('POST', '/api/Rating/Save/', {
      body: { ...mine, ratingid: theirs.ratingid, ratescore: 1, content: '조작' },
    });
    expect(edit.status).toBe(404);
    const del = await s.call('POST', `/api/Rating/Delete?id=${theirs.ratingid}&contentsid=101&ratescore=${theirs.ratescore}`);
    expect(del.status).toBe(404);
    const after = await s.call('POST', '/api/Rating/GetRatings/', { body: { page: 1, pageSize: 50, contentsid: 101 } });
    expect(after.json.datas.list.find((r: { ratingid: number }) => r.ratingid === theirs.ratingid)).toMatchObject({
      ratescore: theirs.ratescore,
      content: theirs.content,
    });
  });

  it("a member cannot delete the owner's rating", async () => {
    const own = (
      await s.call('POST', '/api/Rating/GetRatings/', { body: { page: 1, pageSize: 1, contentsid: 101, useruid: 'u-demo-1' } })
    ).json.datas.list[0];
    const r = await s.call('POST', `/api/Rating/Delete?id=${own.ratingid}&contentsid=101&ratescore=${own.ratescore}`, other());
    expect(r.status).toBe(404);
    const stars = await s.call('POST', '/api/Rating/GetRatingStarInfo/101');
    const ok = await s.call('POST', `/api/Rating/Delete?id=${own.ratingid}&contentsid=101&ratescore=5`);
    expect(ok.status).toBe(200);
    // a tampered ratescore in the query does not skew the summary: it is re-read from storage
    const after = await s.call('POST', '/api/Rating/GetRatingStarInfo/101');
    expect(after.json.datas.count).toBe(stars.json.datas.count - 1);
    expect(after.json.datas.distribution['4']).toBe(stars.json.datas.distribution['4'] - 1);
  });
});

describe('leaving, replayed', () => {
  it('the second LeaveUser of the same member is refused and the token no longer reads the profile', async () => {
    const first = await s.call('POST', '/api/LeaveUser', { body: { useruid: 'u-demo-2' }, ...other() });
    expect(first.status).toBe(200);
    // Leaving ended the token itself (issue 23, finding 5): the replay is 401, no longer a 404 from a live session.
    const again = await s.call('POST', '/api/LeaveUser', { body: { useruid: 'u-demo-2' }, ...other() });
    expect(again.status).toBe(401);
    expect(again.json.respMessage).toBe('로그인 후 이용해주세요.');
    expect((await s.call('POST', '/api/GetUserInfoWithUseruid/u-demo-2', other())).status).toBe(401);
    expect((await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false } })).status).toBe(404);
  });
});
