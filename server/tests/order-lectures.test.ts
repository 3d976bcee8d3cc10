import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

let server: TestServer;
// Starting a server on the shared machine can take longer than the default hook time.
beforeAll(async () => {
  server = await testServer();
}, 60_000);
afterAll(() => server.close());

const orderLectures = (contentsids: number[]) =>
  server.call('POST', '/api/Contents/GetOrderLectures/', { auth: false, body: { contentsids } });

describe('Contents/GetOrderLectures: the classes of a payment address', () => {
  it('answers in the order the address names them, once each', async () => {
    const r = await orderLectures([106, 104, 106]);
    expect(r.status).toBe(200);
    expect((r.json.datas as { contentsid: number }[]).map((l) => l.contentsid)).toEqual([106, 104]);
    const reversed = await orderLectures([104, 106]);
    expect((reversed.json.datas as { contentsid: number }[]).map((l) => l.contentsid)).toEqual([104, 106]);
  });

  it('is 404 when any class of the order is unknown, not only when all are', async () => {
    for (const ids of [[99999], [104, 99999], [99999, 104]]) {
      const r = await orderLectures(ids);
      expect(r.status, JSON.stringify(ids)).toBe(404);
      expect(r.json).toMatchObject({ success: false, respMessage: '요청하신 강의를 찾을 수 없습니다.' });
    }
  });
});
