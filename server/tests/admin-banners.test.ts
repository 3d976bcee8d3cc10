import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerRecords } from '../domain/banners';
import { heroPrerender } from '../http/hero';
import { CLIENT, jsonOf, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';
import { pngOf, webpOf } from './pictures';

/**
 * /main's banners in the console (tag admin-banners): pictures told by their bytes and kept without their metadata,
 * links held to the store's safe-link rule by the server itself, titles that stay text wherever the store shows them,
 * and /main following each write at once through the public API. Members and instructors change nothing.
 */
const UNSAFE_LINK = '링크는 https:// 로 시작하는 주소나 /로 시작하는 스토어 주소만 넣을 수 있습니다.';
const NO_PICTURE = '배너 이미지를 먼저 올려주세요.';
const NOT_A_PICTURE = '배너 이미지는 PNG, JPEG, WebP 파일만 올릴 수 있습니다.';
const HOSTILE_TITLE = '<script>alert(1)</script><img src=x onerror=alert(2)>봄 특강';

let server: TestServer;
let operator: Record<string, string>;
let instructor: Record<string, string>;
beforeAll(async () => {
  server = await testServer();
  operator = { Authorization: `Bearer ${await signInAs(server, 'staff@demo.kr')}` };
  instructor = { Authorization: `Bearer ${await signInAs(server, 'teacher@demo.kr')}` };
}, 60_000);
afterAll(() => server?.close());

let requestNo = 0;
async function asOperator(method: string, path: string, body?: unknown) {
  const requestId = `admin-banners-test-${++requestNo}`;
  const r = await server.call(method, path, { body, headers: { ...operator, 'x-request-id': requestId }, auth: false });
  return { ...r, requestId };
}

/** UploadAdminBannerImage with these bytes under this name, as a browser's form sends a file. */
async function upload(bytes: Buffer, name = 'banner.png', headers: Record<string, string> = operator) {
  const requestId = `admin-banners-upload-${++requestNo}`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${server.url}/api/Admin/Banners/Images`, { method: 'POST', headers: { ...CLIENT, ...headers, 'x-request-id': requestId }, body: form });
  return { status: res.status, json: await jsonOf(res), requestId };
}

interface StoreBanner {
  bannerid: number;
  title: string;
  imageurl: string;
  mobileimageurl: string | null;
  linkurl: string | null;
  alt: string;
  sortorder: number;
}
/** What /main asks for. */
const storeBanners = async () => (await server.call('POST', '/api/Banner/GetList?isonlybranch=true', { auth: false })).json.datas as StoreBanner[];

const auditOf = async (requestId: string) =>
  (await sql<{ actor: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(server.db)).rows;

async function expectRefused(send: () => Promise<{ status: number; json: { respMessage?: string } | undefined; requestId: string }>, status: number, message: string) {
  const before = await tableSnapshot(server.db);
  const r = await send();
  expect([r.status, r.json?.respMessage]).toEqual([status, message]);
  expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  expect(await auditOf(r.requestId)).toEqual([]);
}

const input = (over: Record<string, unknown> = {}) => ({ title: '봄 특강', subtitle: '3월 한 달 할인', imageurl: '', mobileimageurl: null, linkurl: '/classList/21/2', ...over });

describe('banner pictures', () => {
  it('keeps a PNG without its text chunks, under an address named by its bytes, served for good', async () => {
    const withPlace = pngOf(1200, 400, [46, 125, 50], { Comment: 'GPS 37.5006N 127.0364E' });
    const r = await upload(withPlace);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.datas).toMatchObject({ width: 1200, height: 400, contenttype: 'image/png' });
    expect(r.json.datas.imageurl).toMatch(/^\/media\/banners\/u-[0-9a-f]{24}\.png$/);
    const served = await fetch(server.url + r.json.datas.imageurl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.toString('latin1')).not.toContain('GPS');
    expect(bytes.equals(pngOf(1200, 400, [46, 125, 50]))).toBe(true);
    expect(r.json.datas.size).toBe(bytes.length);
    const entries = await auditOf(r.requestId);
    expect(entries).toMatchObject([{ actor: 'u-demo-5', operation: 'uploadAdminBannerImage', object_type: 'bannerImage' }]);
    // The same bytes again are the same picture.
    expect((await upload(pngOf(1200, 400, [46, 125, 50]), 'again.png')).json.datas.imageurl).toBe(r.json.datas.imageurl);
  });

  it('refuses by the bytes, not the name: SVG or HTML named .png, a cut file, too small, too large, no file', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    await expectRefused(() => upload(svg, 'banner.png'), 415, NOT_A_PICTURE);
    await expectRefused(() => upload(Buffer.from('<!doctype html><script>alert(1)</script>'), 'banner.jpg'), 415, NOT_A_PICTURE);
    const png = pngOf(1200, 400);
    await expectRefused(() => upload(png.subarray(0, png.length - 20)), 415, NOT_A_PICTURE);
    await expectRefused(() => upload(pngOf(300, 100)), 400, '배너 이미지는 가로 600px, 세로 200px 이상이어야 합니다.');
    await expectRefused(() => upload(webpOf(5000, 1000), 'wide.webp'), 400, '배너 이미지는 가로·세로 4000px 이하여야 합니다.');
    // Over 2 MB: a PNG whose pixels do not compress.
    const noisy = Buffer.concat([pngOf(1200, 400), Buffer.alloc(2 * 1024 * 1024)]);
    await expectRefused(() => upload(noisy), 413, '배너 이미지는 2MB까지 올릴 수 있습니다.');
    await expectRefused(async () => {
      const requestId = `admin-banners-upload-${++requestNo}`;
      const res = await fetch(`${server.url}/api/Admin/Banners/Images`, { method: 'POST', headers: { ...CLIENT, ...operator, 'x-request-id': requestId }, body: new FormData() });
      return { status: res.status, json: await jsonOf(res), requestId };
    }, 400, '올릴 배너 이미지를 선택해주세요.');
  });
});

describe('banners in the console', () => {
  let picture: string;
  let created: number;

  beforeAll(async () => {
    picture = (await upload(pngOf(1500, 500, [21, 101, 192]))).json.datas.imageurl;
  });

  it('an operator adds a banner: last on /main at once, with its link, audited', async () => {
    const before = await storeBanners();
    expect(before.map((b) => b.sortorder)).toEqual([1, 2, 3]);
    const r = await asOperator('POST', '/api/Admin/Banners', input({ imageurl: picture, title: '  봄  특강 ' }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    created = r.json.datas.at(-1).bannerid;
    expect(r.json.datas.at(-1)).toEqual({ bannerid: created, title: '봄 특강', subtitle: '3월 한 달 할인', imageurl: picture, mobileimageurl: null, linkurl: '/classList/21/2', sortorder: 4 });
    const after = await storeBanners();
    expect(after.at(-1)).toMatchObject({ bannerid: created, imageurl: picture, mobileimageurl: null, linkurl: '/classList/21/2', alt: '봄 특강 - 3월 한 달 할인', sortorder: 4 });
    const entries = await auditOf(r.requestId);
    expect(entries).toMatchObject([{ actor: 'u-demo-5', operation: 'createAdminBanner', object_type: 'banner', object_id: String(created) }]);
    expect(JSON.parse(entries[0]!.summary).after).toMatchObject({ title: '봄 특강', imageurl: picture, linkurl: '/classList/21/2' });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
    '/\\evil.example',
    'https:evil.example',
    'mailto:a@b.kr',
  ])('the server refuses the link %j, on create and on change; nothing changes', async (linkurl) => {
    await expectRefused(() => asOperator('POST', '/api/Admin/Banners', input({ imageurl: picture, linkurl })), 400, UNSAFE_LINK);
    await expectRefused(() => asOperator('PUT', `/api/Admin/Banners/${created}`, input({ imageurl: picture, linkurl })), 400, UNSAFE_LINK);
  });

  it('takes only pictures uploaded here (or the banner’s own): another address is refused', async () => {
    for (const imageurl of ['https://evil.example/x.png', '/media/banners/u-000000000000000000000000.png', '/media/banners/2.svg', '/media/thumbs/101.svg', 'javascript:alert(1)']) {
      await expectRefused(() => asOperator('POST', '/api/Admin/Banners', input({ imageurl })), 400, NO_PICTURE);
      await expectRefused(() => asOperator('PUT', `/api/Admin/Banners/1`, input({ imageurl: '/media/banners/1.svg', mobileimageurl: imageurl })), 400, NO_PICTURE);
    }
  });

  it('markup in a title stays text: in the store’s answer, in the drawn picture and in /main’s first paint', async () => {
    const r = await asOperator('PUT', '/api/Admin/Banners/1', input({ title: HOSTILE_TITLE, subtitle: '<b>부제</b>', imageurl: '/media/banners/1.svg', linkurl: '/classList/11/1' }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const first = (await storeBanners())[0]!;
    expect(first.title).toBe(HOSTILE_TITLE);
    // The drawn picture's address changed with its title, so no browser keeps showing the old drawing.
    expect(first.imageurl).toMatch(/^\/media\/banners\/1\.svg\?v=[\w-]{8}$/);
    expect(first.mobileimageurl).toMatch(/^\/media\/banners\/1-m\.svg\?v=[\w-]{8}$/);
    const svg = await (await fetch(server.url + first.imageurl)).text();
    expect(svg).not.toMatch(/<script|<img/i);
    expect(svg).toContain('&lt;script&gt;');
    const html = await heroPrerender(() => bannerRecords(server.db))('<head><!--app-head--></head><body><!--app-hero--></body>', '/main');
    expect(html).toContain('<section class="hero">');
    expect(html).not.toMatch(/<script|<img src=x|<b>/i);
    expect(html).toContain('alt="&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;봄 특강 - &lt;b&gt;부제&lt;/b&gt;"');
  });

  it('reorders: /main shows the new order at once; an order that misses one is 409', async () => {
    const ids = (await storeBanners()).map((b) => b.bannerid);
    const next = [created, ...ids.filter((id) => id !== created)];
    const r = await asOperator('PUT', '/api/Admin/Banners/Order', { bannerids: next });
    expect(r.status).toBe(200);
    expect((await storeBanners()).map((b) => b.bannerid)).toEqual(next);
    expect((await storeBanners())[0]).toMatchObject({ bannerid: created, sortorder: 1 });
    expect(JSON.parse((await auditOf(r.requestId))[0]!.summary)).toEqual({ before: { bannerids: ids }, after: { bannerids: next } });
    const changed = '배너 목록이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';
    await expectRefused(() => asOperator('PUT', '/api/Admin/Banners/Order', { bannerids: next.slice(1) }), 409, changed);
    await expectRefused(() => asOperator('PUT', '/api/Admin/Banners/Order', { bannerids: [...next.slice(1), next[1]] }), 409, changed);
  });

  it('keeps at most ten banners', async () => {
    const count = (await storeBanners()).length;
    for (let i = count; i < 10; i++) expect((await asOperator('POST', '/api/Admin/Banners', input({ imageurl: picture, title: `배너 ${i}` }))).status).toBe(200);
    await expectRefused(() => asOperator('POST', '/api/Admin/Banners', input({ imageurl: picture, title: '열한 번째' })), 409, '배너는 10개까지 둘 수 있습니다. 쓰지 않는 배너를 먼저 삭제해주세요.');
  });

  it('deletes: /main drops it at once; a picture no banner uses goes a day later, one in use stays', async () => {
    const lonely = (await upload(pngOf(800, 400, [250, 200, 0]))).json.datas.imageurl as string;
    const name = (url: string) => url.replace('/media/banners/', '');
    await sql`update banner_images set created_at = '2000-01-01 00:00:00'`.execute(server.db);
    const extra = (await storeBanners()).filter((b) => b.title.startsWith('배너 '));
    for (const b of extra) {
      const r = await asOperator('DELETE', `/api/Admin/Banners/${b.bannerid}`);
      expect(r.status).toBe(200);
      expect((await auditOf(r.requestId))[0]).toMatchObject({ operation: 'deleteAdminBanner', object_id: String(b.bannerid) });
    }
    const left = await storeBanners();
    expect(left.some((b) => b.title.startsWith('배너 '))).toBe(false);
    expect(left.map((b) => b.sortorder)).toEqual(left.map((_, i) => i + 1));
    const kept = (await sql<{ name: string }>`select name from banner_images`.execute(server.db)).rows.map((r) => r.name);
    expect(kept).toContain(name(picture));
    expect(kept).not.toContain(name(lonely));
    expect((await fetch(server.url + lonely)).status).toBe(404);
    expect((await asOperator('DELETE', `/api/Admin/Banners/${extra[0]!.bannerid}`)).status).toBe(404);
  });

  it('an instructor and a member are refused every banner write; nothing changes', async () => {
    const before = await tableSnapshot(server.db);
    for (const [method, path, body] of [
      ['GET', '/api/Admin/Banners', undefined],
      ['POST', '/api/Admin/Banners', input({ imageurl: picture })],
      ['PUT', '/api/Admin/Banners/1', input({ imageurl: '/media/banners/1.svg', linkurl: 'javascript:alert(1)' })],
      ['PUT', '/api/Admin/Banners/Order', { bannerids: [1] }],
      ['DELETE', '/api/Admin/Banners/1', undefined],
    ] as const) {
      const r = await server.call(method, path, { body, headers: instructor, auth: false });
      expect([r.status, r.json.respMessage], `${method} ${path}`).toEqual([403, '이 작업을 할 권한이 없습니다.']);
      const m = await server.call(method, path, { body });
      expect([m.status, m.json.respMessage], `${method} ${path} as a member`).toEqual([403, '운영진만 이용할 수 있습니다.']);
    }
    expect((await upload(pngOf(1200, 400), 'x.png', instructor)).status).toBe(403);
    expect((await upload(pngOf(1200, 400), 'x.png', { Authorization: `Bearer ${server.token}` })).status).toBe(403);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});
