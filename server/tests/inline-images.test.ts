import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, testServer, type TestServer } from '../testing';

// Issue 14 (part B): an image attachment is shown inline through GetFileUrl's URL, so raster images keep
// their type; anything else (SVG can carry script) is still an opaque download.
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 30_000);
afterAll(() => s?.close());

async function uploadOne(name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/api/UploadFiles/`, {
    method: 'POST',
    headers: { ...CLIENT, Authorization: `Bearer ${s.token}` },
    body: form,
  });
  return ((await res.json()) as { datas: { filename: string }[] }).datas[0]!.filename;
}

async function typeServedAt(filename: string) {
  const { json } = await s.call('GET', `/api/file/url?filename=${filename}`);
  const res = await fetch(s.url + json.datas.url, { headers: CLIENT });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
}

describe('inline images', () => {
  it.each([
    ['자세.png', 'image/png'],
    ['자세.jpg', 'image/jpeg'],
    ['자세.webp', 'image/webp'],
  ])('%s is served as %s through the GetFileUrl URL', async (name, type) => {
    const served = await typeServedAt(await uploadOne(name, type, Buffer.from([1, 2, 3])));
    expect(served).toMatchObject({ status: 200, type });
  });

  it.each([
    ['그림.svg', 'image/svg+xml'],
    ['page.html', 'text/html'],
  ])('%s (%s) stays an opaque download', async (name, type) => {
    const served = await typeServedAt(await uploadOne(name, type, Buffer.from('<svg onload="alert(1)"/>')));
    expect(served.type).toBe('application/octet-stream');
    expect(served.disposition).toMatch(/^attachment;/);
  });
});
