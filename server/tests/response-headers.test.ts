import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { CLIENT } from '../testing';
import { REMINDERS_OFF_PATH } from '../domain/mailReminders';

/**
 * Every kind of response the running server writes carries the security headers (issue 23, finding 9: the
 * fast path's 413 had none). Each kind is asked of the real node:http server (fast path, adapter, Hono,
 * dispatcher, static files, media) and each header must be there exactly once, with the value the app sets.
 * One place writes them (the node:http front, server/start.ts); a page that states its own policy keeps it.
 */
const INDEX =
  '<!doctype html><html><head><title>t</title><!--app-head--></head><body><div id="app"><!--app-hero--></div><script type="module" src="/assets/index-abc.js"></script></body></html>';
const SECURITY = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options'];

let server: RunningServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};');
  server = await startServer({
    port: 0,
    memory: true,
    quiet: true,
    serveApp: true,
    distDir: dist,
    // One operation fails unexpectedly, for the dispatcher's 500.
    overrides: {
      getBranch: () => {
        throw new Error('planted failure');
      },
    },
  });
}, 60_000);
afterAll(() => server?.close());

interface Answer {
  status: number;
  /** Each header name with every value it was sent with (a doubled header shows as two values). */
  headers: Map<string, string[]>;
  body: Buffer;
}

function answerOf(status: number, raw: string[], body: Buffer): Answer {
  const headers = new Map<string, string[]>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), raw[i + 1]!]);
  }
  return { status, headers, body };
}

/** A request through node:http, so nothing (fetch, Hono's test client) adds or merges headers on the way. */
function ask(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer; chunks?: Buffer[] } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, server.url),
      { method: init.method ?? 'GET', headers: { ...CLIENT, ...init.headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve(answerOf(res.statusCode ?? 0, res.rawHeaders, Buffer.concat(parts))));
      },
    );
    req.on('error', reject);
    if (init.chunks) for (const c of init.chunks) req.write(c);
    req.end(init.body);
  });
}

/** A request line the Node adapter cannot turn into a Request: it answers 400 itself, before any app code. */
function raw(requestLine: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(parts).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const flat = lines.flatMap((l) => {
        const at = l.indexOf(':');
        return [l.slice(0, at), l.slice(at + 1).trim()];
      });
      resolve(answerOf(Number(statusLine.split(' ')[1]), flat, Buffer.from(body, 'latin1')));
    });
  });
}

function expectSecurityHeaders(a: Answer, what: string) {
  for (const name of SECURITY) expect(a.headers.get(name), `${what}: ${name}`).toHaveLength(1);
  expect(a.headers.get('x-content-type-options')).toEqual(['nosniff']);
  expect(a.headers.get('x-frame-options')).toEqual(['DENY']);
  expect(a.headers.get('referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
  const csp = a.headers.get('content-security-policy')![0]!;
  for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"])
    expect(csp, what).toContain(directive);
}

const LECTURES = '/api/Contents/GetOnlineLectures/';
const LECTURES_BODY = Buffer.from(
  JSON.stringify({ page: 1, pageSize: 12, categoryid: 111, isonlybranch: true, sortType: 'recent' }),
);
const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' } };

describe('security headers on every kind of response the server writes', () => {
  it.each<[string, () => Promise<Answer>, number]>([
    ['an HTML page (first paint of /notice)', () => ask('/notice'), 200],
    ['the app’s not-found page (SPA route)', () => ask('/no-such-page'), 200],
    ['a missing asset (404)', () => ask('/assets/missing.js'), 404],
    ['an unknown API path (404 envelope)', () => ask('/api/Nope/'), 404],
    ['API JSON', () => ask('/api/GetCode/suggesttype'), 200],
    ['a static file', () => ask('/assets/index-abc.js'), 200],
    ['generated artwork', () => ask('/media/banners/1.svg'), 200],
    ['a whole media file (preview video, streamed)', () => ask('/api/Media/DataGetMedia?path=media%2Flectures%2F101%2F10111.mp4'), 200],
    [
      'a media range (preview video)',
      () => ask('/api/Media/DataGetMedia?path=media%2Flectures%2F101%2F10111.mp4', { headers: { Range: 'bytes=0-99' } }),
      206,
    ],
    [
      'an unsatisfiable media range',
      () => ask('/api/Media/DataGetMedia?path=media%2Flectures%2F101%2F10111.mp4', { headers: { Range: 'bytes=999999999-' } }),
      416,
    ],
    ['a dispatcher 400 (invalid parameter)', () => ask('/api/Main/GetNoticeInfo/not-a-number/1'), 400],
    ['a dispatcher 401', () => ask('/api/Point/GetPointSum/u-demo-1'), 401],
    [
      'a dispatcher 413 (declared length over the limit)',
      () =>
        ask('/api/Board/GetFaqs/', {
          ...JSON_POST,
          headers: { ...JSON_POST.headers, 'content-length': String(300 * 1024) },
          body: Buffer.alloc(300 * 1024, 0x20),
        }),
      413,
    ],
    ['a dispatcher 500 (an operation that throws)', () => ask('/api/Online/GetBranch/Seoul'), 500],
    ['the Node adapter’s own 400 (a request it cannot read)', () => raw('GET /a\\b HTTP/1.1'), 400],
  ])('%s', async (what, send, status) => {
    const a = await send();
    expect(a.status, what).toBe(status);
    expectSecurityHeaders(a, what);
  });

  it('a 304 for a static file and for a cached catalogue read (fast path)', async () => {
    const file = await ask('/assets/index-abc.js');
    const notModified = await ask('/assets/index-abc.js', { headers: { 'If-None-Match': file.headers.get('etag')![0]! } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified, 'static 304');

    const first = await ask(LECTURES, { ...JSON_POST, body: LECTURES_BODY });
    const hits = server.fastPath!.hits;
    const cached = await ask(LECTURES, {
      ...JSON_POST,
      headers: { ...JSON_POST.headers, 'If-None-Match': first.headers.get('etag')![0]! },
      body: LECTURES_BODY,
    });
    expect(cached.status).toBe(304);
    expect(server.fastPath!.hits).toBe(hits + 1);
    expectSecurityHeaders(cached, 'fast-path 304');
  });

  it('a 413 from the fast path, for a cached read’s body that grows too large while it streams', async () => {
    await ask(LECTURES, { ...JSON_POST, body: LECTURES_BODY }); // the cache holds something: the fast path reads bodies
    const invalid = server.fastPath!.invalid;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const tooLarge = await ask(LECTURES, { ...JSON_POST, chunks: [chunk, chunk, chunk, chunk, chunk] });
    expect(tooLarge.status).toBe(413);
    expect(server.fastPath!.invalid).toBe(invalid + 1); // answered by the fast path itself, not by Hono
    expect(JSON.parse(tooLarge.body.toString()).respMessage).toBe('요청 본문이 너무 큽니다.');
    expectSecurityHeaders(tooLarge, 'fast-path 413');
  });

  it("a page of the server's own keeps its own policy, written once: 수신 거부 sends no referrer (its link is signed)", async () => {
    const page = await ask(`${REMINDERS_OFF_PATH}?u=u-demo-1&expires=1&signature=forged`);
    expect(page.status).toBe(400);
    for (const name of SECURITY) expect(page.headers.get(name), name).toHaveLength(1);
    expect(page.headers.get('referrer-policy')).toEqual(['no-referrer']);
    expect(page.headers.get('content-security-policy')![0]).toContain("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toEqual(['DENY']);
    expect(page.headers.get('x-content-type-options')).toEqual(['nosniff']);
  });

  it('a 429 with Retry-After from a throttled lookup', async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 11; i++) last = await ask('/api/Certificate/Verify/KPRA-0000000000');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after')?.[0])).toBeGreaterThan(0);
    expectSecurityHeaders(last!, '429');
  });
});
