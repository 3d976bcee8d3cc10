import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { CLIENT, jsonOf, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * A class's thumbnail from the console (issue 38, tag admin-catalog): an upload told by its bytes, resized by the
 * server into the store's 16:10 sizes as WebP without the original's metadata, served where the store's images are,
 * refused (and nothing stored) when it is not a picture, too heavy, too small, a decompression bomb or broken, and
 * refused to an instructor on another teacher's class.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
let requestNo = 0;

beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  tokens.operator = await signInAs(server, 'staff@demo.kr');
  tokens.instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

async function upload(who: string, contentsid: number, bytes: Uint8Array, name = 'thumb.jpg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const requestId = `t-thumb-${++requestNo}`;
  const res = await fetch(`${server.url}/api/Admin/Classes/${contentsid}/Thumbnail`, {
    method: 'POST',
    headers: { ...CLIENT, Authorization: `Bearer ${tokens[who]}`, 'x-request-id': requestId },
    body: form,
  });
  return { status: res.status, json: await jsonOf(res), requestId };
}
const remove = (who: string, contentsid: number) =>
  server.call('DELETE', `/api/Admin/Classes/${contentsid}/Thumbnail`, { auth: false, headers: { Authorization: `Bearer ${tokens[who]}` } });

/** A photo as a phone saves it: upper half red, lower half blue, stored upside down with EXIF orientation 3 and GPS. */
const phonePhoto = () =>
  sharp(
    Buffer.concat([
      Buffer.alloc(1600 * 500 * 3, Buffer.from([0, 0, 255])), // stored top: blue (shown at the bottom)
      Buffer.alloc(1600 * 500 * 3, Buffer.from([255, 0, 0])), // stored bottom: red (shown at the top)
    ]),
    { raw: { width: 1600, height: 1000, channels: 3 } },
  )
    .jpeg()
    .withExif({ IFD0: { Copyright: '촬영자 개인 정보', Model: 'Phone X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 30/1 0/1' } })
    .withMetadata({ orientation: 3 })
    .toBuffer();
const picture = (width: number, height: number, format: 'png' | 'webp' | 'gif' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#3b7a57' } })[format]().toBuffer();

/** A PNG whose header claims `width` × `height` (its one row of data decodes to nothing like it): a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = new Uint8Array(await picture(480, 300, 'png'));
  const view = new DataView(png.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(png.subarray(12, 29)));
  return png;
}
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

const fetchImage = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('a class\'s thumbnail', () => {
  let first = '';

  it('a phone photo becomes the store\'s 16:10 WebP sizes, upright, without its EXIF, GPS or camera; the store shows it', async () => {
    const photo = await sharp(await phonePhoto()).metadata();
    expect([photo.orientation, !!photo.exif]).toEqual([3, true]);
    const r = await upload('operator', 101, new Uint8Array(await phonePhoto()), '../../../etc/passwd.jpg');
    expect([r.status, r.json.respMessage]).toEqual([200, '썸네일을 바꿨습니다.']);
    first = r.json.datas.thumbnail;
    expect(first).toMatch(/^\/media\/thumbs\/101-[0-9a-f]{12}-960\.webp$/);

    for (const [path, width, height] of [[first, 960, 600], [first.replace('-960.webp', '-480.webp'), 480, 300]] as const) {
      const img = await fetchImage(path);
      expect([img.status, img.type, img.cache]).toEqual([200, 'image/webp', 'public, max-age=31536000, immutable']);
      const meta = await sharp(img.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      // Turned upright by its orientation: red on top.
      const { data } = await sharp(img.bytes).extract({ left: width / 2, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[2]).toBeLessThan(60);
    }
    // The store answers the new address at once; the audit trail names it.
    const detail = await server.call('GET', '/api/Contents/GetOnlineDetail/101/0', { auth: false });
    expect(detail.json.datas.thumbnail).toBe(first);
    const list = await server.call('POST', '/api/Contents/GetOnlineLectures/', { body: { page: 1, pageSize: 100, categoryid: 0, isonlybranch: true }, auth: false });
    expect(list.json.datas.list.find((l: { contentsid: number }) => l.contentsid === 101)?.thumbnail).toBe(first);
    const audit = (await sql<{ operation: string; actor_role: string; summary: string }>`select operation, actor_role, summary from audit_log where request_id = ${r.requestId}`.execute(server.db)).rows;
    expect(audit.map((a) => [a.operation, a.actor_role])).toEqual([['uploadAdminClassThumbnail', 'operator']]);
    expect(JSON.parse(audit[0]!.summary)).toMatchObject({ before: { thumbnail: '/media/thumbs/101.svg' }, after: { thumbnail: first } });
  });

  it('PNG and WebP are taken too; the picture before stays served, the one before that goes', async () => {
    const png = await upload('operator', 101, new Uint8Array(await picture(1200, 900, 'png')), 'a.png');
    expect(png.status).toBe(200);
    const webp = await upload('operator', 101, new Uint8Array(await picture(800, 500, 'webp')), 'b.webp');
    expect(webp.status).toBe(200);
    expect((await fetchImage(png.json.datas.thumbnail)).status).toBe(200);
    expect((await fetchImage(webp.json.datas.thumbnail)).status).toBe(200);
    expect((await fetchImage(first)).status).toBe(404);
    const versions = (await sql<{ n: number }>`select count(distinct version)::int as n from class_thumbnails where contentsid = 101`.execute(server.db)).rows[0]!.n;
    expect(versions).toBe(2);
  });

  it('refuses what is not a picture, too heavy, too small, a decompression bomb or broken, in Korean, and stores nothing', async () => {
    const before = await tableSnapshot(server.db);
    const jpegHead = new Uint8Array(await phonePhoto()).subarray(0, 400);
    const cases: [string, Uint8Array, string, number, string][] = [
      ['a GIF', new Uint8Array(await picture(600, 400, 'gif')), 'a.gif', 415, '썸네일은 JPEG, PNG, WebP 이미지만 올릴 수 있습니다.'],
      ['text called .jpg', new TextEncoder().encode('<svg onload="alert(1)"></svg>'), 'x.jpg', 415, '썸네일은 JPEG, PNG, WebP 이미지만 올릴 수 있습니다.'],
      ['over 5 MB', Uint8Array.from({ length: 5 * 1024 * 1024 + 1 }, (_, i) => (i < 3 ? [0xff, 0xd8, 0xff][i]! : i % 251)), 'big.jpg', 413, '썸네일 이미지는 5MB까지 올릴 수 있습니다.'],
      ['smaller than a card', new Uint8Array(await picture(320, 200, 'png')), 'small.png', 400, '썸네일은 가로 480픽셀, 세로 300픽셀 이상이어야 합니다. (올린 이미지 320×200)'],
      ['a PNG claiming 20000 × 20000', await pngClaiming(20000, 20000), 'bomb.png', 400, '이미지가 너무 큽니다. 4,000만 화소(예: 8000×5000)까지 올릴 수 있습니다.'],
      ['a JPEG cut short', jpegHead, 'cut.jpg', 400, '이미지를 읽을 수 없습니다. 손상되었거나 끝까지 저장되지 않은 파일입니다.'],
    ];
    for (const [what, bytes, name, status, message] of cases) {
      const r = await upload('operator', 102, bytes, name);
      expect([what, r.status, r.json?.respMessage]).toEqual([what, status, message]);
    }
    const none = new FormData();
    const res = await fetch(`${server.url}/api/Admin/Classes/102/Thumbnail`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${tokens.operator}` }, body: none });
    expect([res.status, (await jsonOf(res)).respMessage]).toEqual([400, '썸네일 이미지 파일을 선택해주세요.']);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('an instructor changes their own class\'s thumbnail, and is refused another teacher\'s (403) with nothing stored', async () => {
    const own = await upload('instructor', 103, new Uint8Array(await picture(960, 600, 'jpeg')));
    expect(own.status).toBe(200);
    const before = await tableSnapshot(server.db);
    const other = await upload('instructor', 102, new Uint8Array(await picture(960, 600, 'jpeg')));
    expect([other.status, other.json.respMessage]).toEqual([403, '담당하는 클래스만 관리할 수 있습니다.']);
    expect((await remove('instructor', 101)).status).toBe(403);
    expect((await upload('member', 103, new Uint8Array(await picture(960, 600, 'jpeg')))).status).toBe(403);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('removed: the generated artwork is back, the uploaded sizes are gone; with none uploaded it is 404', async () => {
    const current = (await server.call('GET', '/api/Contents/GetOnlineDetail/101/0', { auth: false })).json.datas.thumbnail as string;
    const r = await remove('operator', 101);
    expect([r.status, r.json.datas.thumbnail]).toEqual([200, '/media/thumbs/101.svg']);
    expect((await fetchImage(current)).status).toBe(404);
    expect((await fetchImage('/media/thumbs/101.svg')).status).toBe(200);
    expect((await server.call('GET', '/api/Contents/GetOnlineDetail/101/0', { auth: false })).json.datas.thumbnail).toBe('/media/thumbs/101.svg');
    const again = await remove('operator', 101);
    expect([again.status, again.json.respMessage]).toEqual([404, '올린 썸네일이 없습니다. 지금은 기본 그림을 씁니다.']);
    // Addresses that are not a stored size are simply not found.
    for (const path of ['/media/thumbs/101-000000000000-960.webp', '/media/thumbs/101-..%2f..%2fetc-960.webp']) expect((await fetchImage(path)).status).toBe(404);
  });
});
