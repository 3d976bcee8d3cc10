import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

// Contents/SetBookmark: only the member's own bookmarks, only classes they bought, and setting twice is harmless.
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 30_000);
afterAll(() => s?.close());

const SET = '/api/Contents/SetBookmark/';
const bookmarked = async () => {
  const r = await s.call('POST', '/api/Contents/GetMyLectures/', {
    body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'bookmark' },
  });
  return (r.json.datas.list as { contentsid: number }[]).map((l) => l.contentsid).sort();
};

describe('SetBookmark', () => {
  it('bookmarks a bought class, and the same request twice leaves one bookmark', async () => {
    const body = { useruid: 'u-demo-1', contentsid: 121, isbookmarked: true };
    const first = await s.call('POST', SET, { body });
    const again = await s.call('POST', SET, { body });
    expect(first.json.datas).toEqual({ contentsid: 121, isbookmarked: true });
    expect(again.status).toBe(200);
    expect(await bookmarked()).toEqual([101, 121]);
  });

  it('un-bookmarks, also when asked twice', async () => {
    const body = { useruid: 'u-demo-1', contentsid: 121, isbookmarked: false };
    await s.call('POST', SET, { body });
    const again = await s.call('POST', SET, { body });
    expect(again.json.datas).toEqual({ contentsid: 121, isbookmarked: false });
    expect(await bookmarked()).toEqual([101]);
  });

  it("another member's useruid is 403 and writes nothing", async () => {
    const r = await s.call('POST', SET, { body: { useruid: 'u-demo-2', contentsid: 101, isbookmarked: true } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ success: false, respMessage: '본인의 정보만 조회할 수 있습니다.' });
  });

  it('a class the member did not buy is 403 with a Korean message', async () => {
    const r = await s.call('POST', SET, { body: { useruid: 'u-demo-1', contentsid: 104, isbookmarked: true } });
    expect(r.status).toBe(403);
    expect(r.json.respMessage).toBe('구매한 클래스만 북마크할 수 있습니다.');
    expect(await bookmarked()).toEqual([101]);
  });

  it('without a token is 401; an unknown class is 404', async () => {
    expect(
      (await s.call('POST', SET, { body: { useruid: 'u-demo-1', contentsid: 101, isbookmarked: true }, auth: false })).status,
    ).toBe(401);
    expect((await s.call('POST', SET, { body: { useruid: 'u-demo-1', contentsid: 99999, isbookmarked: true } })).status).toBe(
      404,
    );
  });
});
