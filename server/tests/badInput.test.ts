import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, testServer, type TestServer } from '../testing';

// Issue 11, findings 1 and 8: bad input is a 4xx with a Korean message, never a 5xx, never a stopped process.
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 30_000);
afterAll(() => s?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function post(path: string, raw: string, auth = false) {
  const headers: Record<string, string> = { ...CLIENT, 'content-type': 'application/json' };
  if (auth) headers.Authorization = `Bearer ${s.token}`;
  const res = await fetch(s.url + path, { method: 'POST', headers, body: raw });
  return { status: res.status, json: (await res.json()) as any };
}

/** The server still answers a catalogue read. */
async function stillAnswers() {
  const faqs = await s.call('POST', '/api/Board/GetFaqs/', { body: { page: 1, pageSize: 10 }, auth: false });
  expect(faqs.status).toBe(200);
}

function expectKorean4xx(r: { status: number; json: any }, status: number) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(r.json.success).toBe(false);
  expect(r.json.respMessage).toMatch(/[가-힣]/);
}

describe('deeply nested JSON bodies (finding 1)', () => {
  it.each([5_000, 100_000])('depth %i is a 400 on a cold and on a warm catalogue cache, and the server keeps answering', async (depth) => {
    // Cold: the dispatcher computes the cache key.
    s.cache.clear(); // nothing stored: the fast path steps aside
    expectKorean4xx(await post('/api/Board/GetFaqs/', nested(depth)), 400);
    await stillAnswers();
    // Warm: the fast path in front of Hono reads the body.
    await stillAnswers();
    expectKorean4xx(await post('/api/Board/GetFaqs/', `{"page":1,"pageSize":10,"x":${nested(depth)}}`), 400);
    await stillAnswers();
  });

  it('a body at depth 64 inside strings does not count: brackets in text are text', async () => {
    const r = await post('/api/Contents/GetOnlineLectures/', JSON.stringify({ page: 1, pageSize: 10, isonlybranch: true, schtext: '['.repeat(500) }));
    expect(r.status).toBe(200);
  });
});

describe('ids and numbers out of range (finding 8)', () => {
  it('a 20-digit path id is a 400', async () => {
    expectKorean4xx(await s.call('GET', '/api/Main/GetNoticeInfo/12345678901234567890/1', { auth: false }), 400);
    expectKorean4xx(await s.call('GET', '/api/Contents/GetOnlineDetail/12345678901234567890/u-demo-1'), 400);
    expectKorean4xx(await s.call('GET', '/api/Main/GetNoticeInfo/2147483648/1', { auth: false }), 400);
    await stillAnswers();
  });

  it('huge numbers in a body are a 400', async () => {
    for (const body of [{ page: 1e20, pageSize: 10, isonlybranch: true }, { page: 1, pageSize: 10, categoryid: 99999999999, isonlybranch: true }, { page: 1e308, pageSize: 10, isonlybranch: true }]) {
      expectKorean4xx(await s.call('POST', '/api/Contents/GetOnlineLectures/', { body, auth: false }), 400);
    }
    expectKorean4xx(await post('/api/Contents/GetOnlineLectures/', '{"page":1,"pageSize":10,"isonlybranch":true,"categoryid":1e400}'), 400);
    await stillAnswers();
  });
});

describe('NUL and unpaired surrogates (finding 8)', () => {
  it.each(['\u0000', '\ud800', 'a\udc00b'])('%j in search text, a title or a path is a 400', async (bad) => {
    expectKorean4xx(await s.call('POST', '/api/Contents/GetOnlineLectures/', { body: { page: 1, pageSize: 10, isonlybranch: true, schtext: `필라${bad}` }, auth: false }), 400);
    expectKorean4xx(await s.call('POST', '/api/Board/SaveSuggest/', { body: { useruid: 'u-demo-1', suggesttype: '1', title: `문의${bad}`, content: '내용', issecret: false, files: [] } }), 400);
    await stillAnswers();
  });

  it('a NUL in a path or query parameter is a 400', async () => {
    expectKorean4xx(await s.call('GET', '/api/Online/GetBranch/Se%00oul', { auth: false }), 400);
    expectKorean4xx(await s.call('GET', '/api/file/url?filename=a%00.pdf', { auth: false }), 400);
  });
});

describe('body size (finding 8)', () => {
  it.each([1, 10])('a %i MB JSON body is a 413', async (mb) => {
    const raw = JSON.stringify({ useruid: 'u-demo-1', suggesttype: '1', title: '큰 문의', content: 'x'.repeat(mb * 1024 * 1024), issecret: false, files: [] });
    expectKorean4xx(await post('/api/Board/SaveSuggest/', raw, true), 413);
    expectKorean4xx(await post('/api/Board/GetFaqs/', raw), 413);
    await stillAnswers();
  });
});

/**
 * A raw HTTP request whose body is sent only partly: the answer must come before the rest is sent,
 * which proves the server refused without reading (or holding) the whole body.
 */
function partialUpload(headers: Record<string, string>, first: Buffer): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/UploadFiles/', s.url);
    const req = request(url, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${s.token}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.write(first);
    // never ended: a server that waits for the whole body never answers
  });
}

const BOUNDARY = 'storefront-test-boundary';
function filePart(name: string, size: number): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.alloc(size, 0x61),
    Buffer.from('\r\n'),
  ]);
}

describe('upload limits (finding 8)', () => {
  it('a 60 MB file is refused from its Content-Length, before it is read', { timeout: 10_000 }, async () => {
    const r = await partialUpload({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(60 * 1024 * 1024) }, filePart('big.mp4', 1024));
    expectKorean4xx(r, 413);
    await stillAnswers();
  });

  it('8 files of 9 MB sent without a length are refused while streaming, before all 72 MB arrive', { timeout: 20_000 }, async () => {
    const first = Buffer.concat(Array.from({ length: 3 }, (_, i) => filePart(`f${i}.bin`, 9 * 1024 * 1024)));
    const r = await partialUpload({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' }, first);
    expectKorean4xx(r, 413);
    await stillAnswers();
  });

  it('more files than the limit are refused while streaming', { timeout: 10_000 }, async () => {
    const first = Buffer.concat(Array.from({ length: 8 }, (_, i) => filePart(`f${i}.txt`, 10)));
    const r = await partialUpload({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' }, first);
    expectKorean4xx(r, 413);
  });

  it('files within the limits still upload', async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.append('files', new Blob([new Uint8Array(1024)], { type: 'application/pdf' }), `f${i}.pdf`);
    const res = await fetch(`${s.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${s.token}` }, body: form });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).datas).toHaveLength(5);
  });
});
