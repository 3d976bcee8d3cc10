import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

let server: TestServer;
// Starting a server on the shared machine can take longer than the default hook time.
beforeAll(async () => {
  server = await testServer();
}, 60_000);
afterAll(() => server.close());

const CATEGORY_HEADERS = { 'X-Application-Id': 'pilates-web', 'X-Application-Key': 'local-dev-key' };

describe('hero banner links', () => {
  it('every seeded banner lands on a class list that has classes, under the category the menu names', async () => {
    const banners = await server.call('POST', '/api/Banner/GetList?isonlybranch=true', { auth: false });
    const categories = await server.call('GET', '/api/Category/GetList/category?isactive=1&pcategoryid=0', {
      auth: false,
      headers: CATEGORY_HEADERS,
    });
    const list = banners.json.datas as { linkurl: string | null; title: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const banner of list) {
      // A class-list link is what the app routes as /classList/{categoryid}/{pcategoryid}.
      const match = /^\/classList\/(\d+)\/(\d+)$/.exec(banner.linkurl ?? '');
      expect(match, `${banner.title}: ${banner.linkurl}`).not.toBeNull();
      const [categoryid, pcategoryid] = [Number(match![1]), Number(match![2])];
      const category = (categories.json.datas as { categoryid: number; pcategoryid: number }[]).find(
        (c) => c.categoryid === categoryid,
      );
      expect(category, `${banner.linkurl} names an existing category`).toBeDefined();
      expect(category!.pcategoryid, `${banner.linkurl} names the category's top level`).toBe(pcategoryid);
      const lectures = await server.call('POST', '/api/Contents/GetOnlineLectures/', {
        auth: false,
        body: { page: 1, pageSize: 12, isonlybranch: true, categoryid, pcategoryid },
      });
      expect(lectures.status).toBe(200);
      expect(lectures.json.datas.totalCount, `${banner.linkurl} lists classes`).toBeGreaterThan(0);
    }
  });
});
