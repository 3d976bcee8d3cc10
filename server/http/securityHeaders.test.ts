import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createStorefront } from '../app';
import { createLocalAuth } from '../local/auth';
import { startServer, type RunningServer } from '../start';
import { CLIENT } from '../testing';

// A built app in miniature: index.html with the markers the real one has, one inline script, one asset.
const INLINE = "window.__boot = 'x';";
const INDEX = `<!doctype html><html><head><title>t</title><!--app-head--><script>${INLINE}</script></head><body><div id="app"><!--app-hero--></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

let server: RunningServer;
let dist: string;
let dataDir: string;
beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, quiet: true });
  dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-data-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};');
}, 30_000);
afterAll(() => server?.close());

function app(localMode: boolean, env: Record<string, string | undefined> = {}): Hono {
  return createStorefront({ db: server.db, auth: createLocalAuth(dataDir), dataDir, distDir: dist, localMode, env }).app;
}
const get = (a: Hono, path: string, init: RequestInit = {}) =>
  a.request(path, { ...init, headers: { ...CLIENT, ...init.headers } });

/** The headers the server's front writes on every answer (server/start.ts); response-headers.test.ts counts them on the wire. */
const headersOf = (localMode: boolean, env: Record<string, string | undefined> = {}) =>
  createStorefront({ db: server.db, auth: createLocalAuth(dataDir), dataDir, distDir: dist, localMode, env }).headers;

function expectSecurityHeaders(headers: Record<string, string>): string {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"])
    expect(csp).toContain(directive);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
  return csp;
}

describe('the security headers', () => {
  it('on a cached catalogue read answered by the fast path in front of Hono', async () => {
    const read = () => fetch(`${server.url}/api/Banner/GetList?isonlybranch=true`, { method: 'POST', headers: CLIENT });
    const policy = (res: Response) => expectSecurityHeaders(Object.fromEntries(res.headers));
    policy(await read());
    const hits = server.fastPath!.hits;
    policy(await read());
    expect(server.fastPath!.hits).toBe(hits + 1);
  });

  it("allows the built index.html's inline script by its hash, and nothing else inline", async () => {
    const csp = expectSecurityHeaders(headersOf(true));
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/=]/g, (c) => `\\${c}`)}'`));
  });

  it('connects to the same origin only in local mode, and to the configured hosts otherwise', () => {
    const local = expectSecurityHeaders(headersOf(true));
    expect(local).toMatch(/connect-src 'self';/);
    const csp = expectSecurityHeaders(
      headersOf(false, {
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'anon',
        VITE_API_BASE: 'https://api.example.kr/v1',
      }),
    );
    expect(csp).toContain("connect-src 'self' https://api.example.kr https://abc.supabase.co wss://abc.supabase.co;");
    expect(csp).not.toContain('portone');
    expect(csp).not.toContain('frame-src');
  });

  it("adds PortOne's script, checkout and frame hosts only when the app is built with PortOne", () => {
    const env = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon', VITE_PORTONE_STORE_ID: 'store-1' };
    const storeOnly = expectSecurityHeaders(headersOf(false, env));
    expect(storeOnly).not.toContain('portone');
    const csp = expectSecurityHeaders(headersOf(false, { ...env, VITE_PORTONE_CHANNEL_KEY_KAKAOPAY: 'channel-kakao' }));
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/cdn\.portone\.io;/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/checkout-service\.prod\.iamport\.co/);
    expect(csp).toMatch(/frame-src 'self' [^;]*https:\/\/checkout-service\.prod\.iamport\.co/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('/local/* stand-ins', () => {
  it('answer in local mode', async () => {
    const a = app(true);
    expect((await get(a, '/local/auth/members')).status).toBe(200);
    const signIn = await get(a, '/local/auth/sign-in', {
      method: 'POST',
      body: JSON.stringify({ email: 'new@demo.kr', remember: false }),
      headers: { 'content-type': 'application/json' },
    });
    expect(signIn.status).toBe(200);
  });

  it('are not mounted otherwise: 404 for sign-in and the card provider', async () => {
    const a = app(false, { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' });
    for (const [method, path] of [
      ['GET', '/local/auth/members'],
      ['POST', '/local/auth/sign-in'],
      ['POST', '/local/pay/transactions'],
      ['GET', '/local/pay/transactions/seed-tx-1'],
      ['POST', '/local/pay/transactions/seed-tx-1/approve'],
      ['POST', '/local/pay/transactions/seed-tx-1/cancel'],
    ] as const) {
      const res = await get(a, path, {
        method,
        body:
          method === 'POST' ? JSON.stringify({ email: 'member@demo.kr', paymentid: 1, amount: 1, method: 'card' }) : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ success: false, respMessage: '요청하신 주소를 찾을 수 없습니다.' });
    }
    // The rest of the API is still there.
    expect((await get(a, '/api/GetCode/suggesttype')).status).toBe(200);
  });

  it('the mode follows the same rule as the app: local unless a Supabase project is configured', async () => {
    const { isLocalMode } = await import('../lib/mode');
    expect(isLocalMode({})).toBe(true);
    expect(isLocalMode({ VITE_SUPABASE_URL: 'https://abc.supabase.co' })).toBe(true);
    expect(isLocalMode({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' })).toBe(false);
  });
});

describe('links written into the first-paint HTML', () => {
  it('a javascript: banner link is rendered inert on /main', async () => {
    await server.db.updateTable('banners').set({ link: 'javascript:alert(1)' }).where('sort', '=', 0).execute();
    try {
      const res = await get(app(true), '/main');
      const html = await res.text();
      expect(html).toContain('<section class="hero">');
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toMatch(/<a [^>]*href/);
    } finally {
      await server.db.updateTable('banners').set({ link: '' }).where('sort', '=', 0).execute();
    }
  });
});

describe('the environment the mode is read from', () => {
  it('is the .env files Vite reads for the mode, then the process environment', async () => {
    const { appEnvironment, isLocalMode } = await import('../lib/mode');
    const root = mkdtempSync(join(tmpdir(), 'storefront-env-'));
    writeFileSync(
      join(root, '.env'),
      'VITE_SUPABASE_URL=https://abc.supabase.co\nVITE_SUPABASE_ANON_KEY=\nLOCAL_JWT_SECRET=not-for-the-app\n',
    );
    writeFileSync(join(root, '.env.production.local'), 'VITE_SUPABASE_ANON_KEY=anon\n');
    expect(appEnvironment(root, 'production', {})).toEqual({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'anon',
    });
    expect(isLocalMode(appEnvironment(root, 'production', {}))).toBe(false);
    expect(isLocalMode(appEnvironment(root, 'development', {}))).toBe(true);
    expect(isLocalMode(appEnvironment(root, 'development', { VITE_SUPABASE_ANON_KEY: 'anon' }))).toBe(false);
  });
});
