import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadTags, routePreloads, type Manifest } from './routePreloads';
import { bannerRecords } from '../domain/banners';
import { heroPrerender } from './hero';
import { createApp } from '../app';
import { createLocalAuth } from '../local/auth';
import { composeIndex } from './static';
import { startServer, type RunningServer } from '../start';

const TEMPLATE = '<head><title>t</title><!--app-head--></head><body><div id="app"><!--app-hero--></div></body>';

/** Shaped like dist/.vite/manifest.json of this app (fewer routes, short names). */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_rolldown-runtime-R.js', '_framework-F.js'],
    css: ['assets/index-E.css'],
  },
  '_rolldown-runtime-R.js': { file: 'assets/rolldown-runtime-R.js' },
  '_framework-F.js': { file: 'assets/framework-F.js', imports: ['_rolldown-runtime-R.js'], css: ['assets/framework-F.css'] },
  '_category-C.js': { file: 'assets/category-C.js', imports: ['_framework-F.js'] },
  '_Pagination-P.js': { file: 'assets/Pagination-P.js', imports: ['_framework-F.js', '_EmptyState-S.js'] },
  '_EmptyState-S.js': { file: 'assets/EmptyState-S.js', imports: ['_framework-F.js'], css: ['assets/board-B.css'] },
  '_RouteError-X.js': { file: 'assets/RouteError-X.js', imports: ['_framework-F.js'] },
  '_EmptyPage-G.js': { file: 'assets/EmptyPage-G.js', imports: ['_framework-F.js'], css: ['assets/EmptyPage-G.css'] },
  'src/routes/_a/classList.$categoryid.$pcategoryid.tsx?tsr-split=component---loader': {
    file: 'assets/classList-1.js',
    imports: ['_framework-F.js', '_category-C.js', '_Pagination-P.js', 'index.html'],
  },
  'src/routes/_a/classList.$categoryid.$pcategoryid.tsx?tsr-split=pendingComponent': {
    file: 'assets/classList-2.js',
    imports: ['_framework-F.js'],
  },
  'src/routes/_a/classList.$categoryid.$pcategoryid.tsx?tsr-split=errorComponent---notFoundComponent': {
    file: 'assets/classList-3.js',
    imports: ['_RouteError-X.js'],
  },
  'src/routes/_a/main.tsx?tsr-split=errorComponent---notFoundComponent': {
    file: 'assets/main-3.js',
    imports: ['_RouteError-X.js'],
  },
  'src/routes/_b/classView.$contentsid.tsx?tsr-split=component---loader': {
    file: 'assets/classView-1.js',
    imports: ['_framework-F.js', '_Pagination-P.js'],
  },
  'src/routes/_b/q&a.tsx?tsr-split=component---loader': {
    file: 'assets/q_a-1.js',
    imports: ['_framework-F.js'],
    css: ['assets/board-B.css'],
  },
  'src/routes/_b/_auth.tsx?tsr-split=component---loader': { file: 'assets/_auth-1.js', imports: ['_framework-F.js'] },
  'src/routes/_b/_auth/myclass.tsx?tsr-split=component---loader': {
    file: 'assets/myclass-1.js',
    imports: ['index.html', '_EmptyPage-G.js', '_framework-F.js'],
  },
  'src/routes/_bare/_auth.tsx?tsr-split=component---loader': { file: 'assets/_auth-2.js', imports: ['_framework-F.js'] },
};

const tags = preloadTags(MANIFEST);
const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)">`, 'g'))].map((m) => m[1]);

function distWith(manifest: Manifest | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  writeFileSync(join(dir, 'index.html'), TEMPLATE);
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('preloads for a deep link', () => {
  it('preloads a class list screen, its imports and their CSS, the pending chunk the router waits for, nothing the entry loads, no error chunk', () => {
    const html = tags('/classList/111/1');
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/classList-1.js',
      '/assets/category-C.js',
      '/assets/Pagination-P.js',
      '/assets/EmptyState-S.js',
      '/assets/classList-2.js',
    ]);
    expect(hrefs(html, 'preload')).toEqual(['/assets/board-B.css']);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/board-B.css">');
    expect(html).not.toContain('stylesheet');
  });

  it('adds the chunk of the guarded layout (_b/_auth) after the screen, and not another layout of the same name', () => {
    expect(hrefs(tags('/myclass'), 'modulepreload')).toEqual([
      '/assets/myclass-1.js',
      '/assets/EmptyPage-G.js',
      '/assets/_auth-1.js',
    ]);
    expect(hrefs(tags('/myclass'), 'preload')).toEqual(['/assets/EmptyPage-G.css']);
  });

  it('matches the decoded path, any case, with a trailing slash', () => {
    expect(hrefs(tags('/q&a'), 'modulepreload')).toEqual(['/assets/q_a-1.js']);
    expect(hrefs(tags('/ClassView/127/'), 'modulepreload')).toEqual([
      '/assets/classView-1.js',
      '/assets/Pagination-P.js',
      '/assets/EmptyState-S.js',
    ]);
  });

  it('adds nothing for /, /main (not split), unknown paths and a missing parameter', () => {
    for (const path of ['/', '/main', '/nope', '/classList/111', '/classView/127/x', '/_auth']) expect(tags(path), path).toBe('');
  });
});

describe('index.html transform', () => {
  it("injects at the end of <head>, after the entry's own tags, and leaves the page alone when there is nothing to add", () => {
    const transform = routePreloads(distWith(MANIFEST));
    const html = transform(TEMPLATE, '/classView/127') as string;
    expect(html).toMatch(
      /^<head><title>t<\/title><!--app-head--><link rel="modulepreload" crossorigin href="\/assets\/classView-1\.js">.*<\/head>/,
    );
    expect(transform(TEMPLATE, '/nope')).toBe(TEMPLATE);
  });

  it('adds nothing, silently, without a manifest', () => {
    const transform = routePreloads(distWith(undefined));
    expect(transform(TEMPLATE, '/classView/127')).toBe(TEMPLATE);
  });
});

describe('served by the reference backend', () => {
  let server: RunningServer;
  // Starting a server on the shared 2-core machine can outlast the default hook time.
  beforeAll(async () => {
    server = await startServer({ port: 0, memory: true, quiet: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('keeps the /main hero with preloads composed, and adds screen preloads elsewhere', async () => {
    const transform = composeIndex(heroPrerender(() => bannerRecords(server.db)), routePreloads(distWith(MANIFEST)));
    const main = await transform(TEMPLATE, '/main');
    expect(main).toMatch(/<link rel="preload" as="image" [^>]*fetchpriority="high">/);
    expect(main).toContain('<section class="hero">');
    expect(main).not.toContain('modulepreload');
    const list = await transform(TEMPLATE, '/classList/111/1');
    expect(list).toContain('href="/assets/classList-1.js"');
    expect(list).not.toContain('<section class="hero">');
  });

  it('serves a percent-encoded deep link with its preloads (app wiring, fixture dist)', async () => {
    const dir = distWith(MANIFEST);
    const app = createApp({ db: server.db, auth: createLocalAuth(dir), dataDir: dir, distDir: dir });
    const html = await (await app.request('/q%26a')).text();
    expect(hrefs(html, 'modulepreload')).toEqual(['/assets/q_a-1.js']);
    expect(await (await app.request('/notice')).text()).toBe(TEMPLATE);
  });

  it('answers a malformed percent-encoding with 404, not a server error', async () => {
    const dir = distWith(MANIFEST);
    const app = createApp({ db: server.db, auth: createLocalAuth(dir), dataDir: dir, distDir: dir });
    expect((await app.request('/%E0')).status).toBe(404);
  });
});
