import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
