import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, testServer, type TestServer } from '../testing';

const LECTURES = '/api/Contents/GetOnlineLectures/';
const CATEGORIES = '/api/Category/GetList/category?isactive=1&pcategoryid=0';
const APP = { 'X-Application-Id': 'storefront-local', 'X-Application-Key': 'local-public-key' };
const JSON_HEADERS = { ...CLIENT, 'content-type': 'application/json' };

async function raw(server: TestServer, path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, init);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const headersOf = (h: Headers) => ({ type: h.get('content-type'), length: h.get('content-length'), etag: h.get('etag') });

describe('fast path for cached catalogue reads', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await testServer();
  }, 30_000);
  afterAll(() => s?.close());

  it('answers a hit with the bytes and headers the normal path sent', async () => {
    const body = JSON.stringify({ page: 1, pageSize: 12, categoryid: 111, isonlybranch: true, sortType: 'recent' });
    const before = { ...s.fastPath! };
    const first = await raw(s, LECTURES, { method: 'POST', headers: JSON_HEADERS, body });
    const second = await raw(s, LECTURES, { method: 'POST', headers: JSON_HEADERS, body });
    // Same body, keys in another order: the canonical key finds the same entry.
    const reordered = await raw(s, LECTURES, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ sortType: 'recent', isonlybranch: true, categoryid: 111, pageSize: 12, page: 1 }) });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.bytes.toString()).datas.list.length).toBeGreaterThan(0);
    expect(s.fastPath!.hits - before.hits).toBe(2);
    // `first` was a miss: Hono answered it (response validated) and filled the cache.
    for (const r of [second, reordered]) {
      expect(r.status).toBe(200);
      expect(r.bytes.equals(first.bytes)).toBe(true);
      expect(headersOf(r.headers)).toEqual(headersOf(first.headers));
    }
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('serves GET hits per query and application headers, and 304 for a matching If-None-Match', async () => {
    const first = await raw(s, CATEGORIES, { headers: { ...CLIENT, ...APP } });
    const hits = s.fastPath!.hits;
    const second = await raw(s, '/api/Category/GetList/category?pcategoryid=0&isactive=1', { headers: { ...CLIENT, ...APP } });
    expect(s.fastPath!.hits).toBe(hits + 1);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(headersOf(second.headers)).toEqual(headersOf(first.headers));

    const etag = first.headers.get('etag')!;
    const fresh = await raw(s, CATEGORIES, { headers: { ...CLIENT, ...APP, 'If-None-Match': etag } });
    expect(fresh.status).toBe(304);
    expect(fresh.bytes.length).toBe(0);
    expect(fresh.headers.get('etag')).toBe(etag);
  });

  it('sends an invalid request on to the normal path and its 400 envelope', async () => {
    const body = { page: 1, pageSize: 12, isonlybranch: true };
    await raw(s, LECTURES, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) }); // fills the cache
    const cases: [string, RequestInit][] = [
      [LECTURES, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ ...body, pageSize: 0 }) }],
      [LECTURES, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ page: 1, isonlybranch: true }) }],
      [LECTURES, { method: 'POST', headers: JSON_HEADERS, body: '{"page":1,' }],
      [LECTURES, { method: 'POST', headers: JSON_HEADERS, body: '' }],
      [LECTURES, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }],
      [LECTURES, { method: 'POST', headers: { ...JSON_HEADERS, 'X-Storefront-Client': 'not a client' }, body: JSON.stringify(body) }],
      ['/api/Category/GetList/category?isactive=7&pcategoryid=0', { headers: { ...CLIENT, ...APP } }],
      ['/api/Category/GetList/category?isactive=1&pcategoryid=-1', { headers: { ...CLIENT, ...APP } }],
      [CATEGORIES, { headers: { ...CLIENT, 'X-Application-Id': 'storefront-local' } }],
    ];
    const invalid = s.fastPath!.invalid;
    for (const [path, init] of cases) {
      const fast = await raw(s, path, init);
      expect(fast.status, `${path} ${String(init.body)}`).toBe(400);
      const json = JSON.parse(fast.bytes.toString());
      expect(json.success).toBe(false);
      expect(json.respMessage).toMatch(/^요청 값이 올바르지 않습니다/);
      expect(fast.headers.get('etag')).toBeNull();
    }
    expect(s.fastPath!.invalid - invalid).toBe(cases.length);
  });

  it('a rating of one lecture refreshes the lecture reads and leaves notices, banners and curricula cached', async () => {
    const body = JSON.stringify({ page: 1, pageSize: 100, isonlybranch: true });
    const lecture = async () => {
      const r = await raw(s, LECTURES, { method: 'POST', headers: JSON_HEADERS, body });
      return JSON.parse(r.bytes.toString()).datas.list.find((l: any) => l.contentsid === 101);
    };
    const others = [
      () =>
        raw(s, '/api/Main/GetNotices?isnotice=1&istop3=false&isonlybranch=true', {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ page: 1, pageSize: 10 }),
        }),
      () => raw(s, '/api/Banner/GetList?isonlybranch=true', { method: 'POST', headers: CLIENT }),
      () => raw(s, '/api/Contents/GetCurriculumSection/101', { method: 'POST', headers: CLIENT }),
    ];
    const before = await lecture();
    const first = await Promise.all(others.map((read) => read()));
    expect((await lecture()).ratingcnt).toBe(before.ratingcnt);
    // A pure read of the member's own data leaves the cache alone.
    let hits = s.fastPath!.hits;
    await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 10 } });
    expect((await lecture()).ratingcnt).toBe(before.ratingcnt);
    expect(s.fastPath!.hits).toBe(hits + 1);

    const saved = await s.call('POST', '/api/Rating/Save/', {
      body: { contentsid: 101, useruid: 'u-demo-1', ratescore: 5, content: '좋아요' },
    });
    expect(saved.status).toBe(200);
    hits = s.fastPath!.hits;
    const misses = s.fastPath!.misses;
    const after = await lecture();
    // The lecture list read the ratings: dropped by the write, answered by Hono again with the new count.
    expect(after.ratingcnt).toBe(before.ratingcnt + 1);
    expect(s.fastPath!.misses).toBe(misses + 1);
    // Notices, banners and lecture 101's curriculum read no rating: still served from the cache, same bytes.
    const again = await Promise.all(others.map((read) => read()));
    expect(s.fastPath!.hits).toBe(hits + others.length);
    again.forEach((r, i) => expect(r.bytes.equals(first[i]!.bytes)).toBe(true));
    expect((await lecture()).ratingcnt).toBe(after.ratingcnt);
    expect(s.fastPath!.hits).toBe(hits + others.length + 1);
  });
});
