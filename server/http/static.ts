import { existsSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.json': 'application/json', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json',
};
/** A page written for one member: no cache keeps it, and a back navigation asks again. */
const PERSONAL = 'private, no-store';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);

type Encoded = { type: string; etag: string; raw: Buffer; gzip?: Buffer; br?: Buffer };

/** Reads and compresses a file once; the built app does not change while the server runs. */
function encode(file: string): Encoded {
  const raw = readFileSync(file);
  const ext = extname(file);
  const etag = `"${createHash('sha1').update(raw).digest('base64url').slice(0, 16)}"`;
  const entry: Encoded = { type: TYPES[ext] ?? 'application/octet-stream', etag, raw };
  if (COMPRESSIBLE.has(ext) && raw.length > 512) {
    entry.gzip = gzipSync(raw, { level: 9 });
    entry.br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  }
  return entry;
}

/** The encoding a response is sent in for this Accept-Encoding: brotli first, then gzip. */
function preferredEncoding(accepts: string): 'br' | 'gzip' | undefined {
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
}

/**
 * With `forAccepts`, a page written for that one request: only the encoding it is sent in, at a quick level (the
 * densest brotli costs milliseconds a page). Without, a variant kept for many requests: both, densest.
 */
function encodeHtml(html: string, forAccepts?: string): Encoded {
  const raw = Buffer.from(html, 'utf8');
  const entry: Encoded = { type: TYPES['.html']!, etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 16)}"`, raw };
  const only = forAccepts === undefined ? undefined : preferredEncoding(forAccepts);
  if (forAccepts === undefined || only === 'gzip') entry.gzip = gzipSync(raw, { level: only ? 6 : 9 });
  if (forAccepts === undefined || only === 'br') entry.br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: only ? 5 : 11 } });
  return entry;
}

function respond(c: Context, entry: Encoded, cacheControl: string): Response {
  const headers: Record<string, string> = { 'content-type': entry.type, 'cache-control': cacheControl, etag: entry.etag, vary: 'Accept-Encoding' };
  if (c.req.header('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
  const accepts = c.req.header('accept-encoding') ?? '';
  const encoding = preferredEncoding(accepts);
  let body = entry.raw;
  if (entry.br && encoding === 'br') {
    body = entry.br;
    headers['content-encoding'] = 'br';
  } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
    body = entry.gzip;
    headers['content-encoding'] = 'gzip';
  }
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { headers });
}

/** A built file's text by its path in dist/ (`assets/…`), from the files the server keeps in memory; undefined if absent. */
export type BuiltFileReader = (file: string) => string | undefined;

/**
 * Rewrites index.html for one request path, already percent-decoded (e.g. to preload and pre-render the
 * /main hero image). Returns the html unchanged when it has nothing to add. `readBuilt` reads the other built files
 * (the server passes it; a transformer given none leaves out what needs them).
 */
export type IndexTransformer = (
  html: string,
  path: string,
  readBuilt?: BuiltFileReader,
  visit?: IndexVisit,
) => string | Promise<string>;

/**
 * The request a page is written for, beyond its path: its query and cookies. A transformer that writes something
 * only this visitor may see (the player's signed video) sets `personal`, and the page is then never stored by a cache.
 */
export interface IndexVisit {
  search: URLSearchParams;
  cookie: (name: string) => string | undefined;
  header: (name: string) => string | undefined;
  personal?: boolean;
}

const APP_HEAD = '<!--app-head-->';
/** index.html's app root, and the slot for a static first paint under its boot header (hero, class view, player). */
export const APP_START = '<div id="app">';
export const FIRST_PAINT_SLOT = '<!--app-hero-->';

/** Adds tags at index.html's head marker and keeps the marker, so the next transformer can add its own. */
export function addToHead(html: string, tags: string): string {
  return html.replace(APP_HEAD, () => tags + APP_HEAD); // a function: `$` in a URL is not a replacement pattern
}

/** Tags at the end of <head>, after the entry's own script, preloads and stylesheets (which come first). */
export function addToHeadEnd(html: string, tags: string): string {
  return html.replace('</head>', () => tags + '</head>');
}

/** One transformer made of several, applied in order (their head tags land in that order). */
export function composeIndex(...transformers: IndexTransformer[]): IndexTransformer {
  return async (html, path, readBuilt, visit) => {
    for (const transform of transformers) html = await transform(html, path, readBuilt, visit);
    return html;
  };
}

/**
 * Serves the built SPA from dist/: hashed files under /assets/ get a year-long immutable cache,
 * other files are revalidated, and any other GET falls back to index.html (client-side routes).
 * Files are kept compressed (brotli, gzip) in memory, as a CDN in front of the static build would.
 */
export function staticApp(distDir: string, options: { transformIndex?: IndexTransformer } = {}) {
  const index = join(distDir, 'index.html');
  const cache = new Map<string, Encoded>();
  // Transformed variants, keyed by their html: compressed once per distinct output.
  const variants = new Map<string, Encoded>();
  const serveIndex = async (c: Context, path: string): Promise<Response> => {
    const base = load(index);
    const visit: IndexVisit = { search: new URL(c.req.url).searchParams, cookie: (name) => getCookie(c, name), header: (name) => c.req.header(name) };
    const html = options.transformIndex ? await options.transformIndex(base.raw.toString('utf8'), path, readBuilt, visit) : undefined;
    if (html === undefined || html === base.raw.toString('utf8')) return respond(c, base, 'no-cache');
    if (visit.personal) return respond(c, encodeHtml(html, c.req.header('accept-encoding') ?? ''), PERSONAL);
    let entry = variants.get(html);
    if (!entry) {
      // Room for one variant per screen with preloads plus the hero's, so a crawl does not keep recompressing.
      if (variants.size > 128) variants.clear();
      variants.set(html, (entry = encodeHtml(html)));
    }
    return respond(c, entry, 'no-cache');
  };
  const load = (file: string) => {
    let entry = cache.get(file);
    if (!entry) cache.set(file, (entry = encode(file)));
    return entry;
  };
  const readBuilt: BuiltFileReader = (name) => {
    const file = normalize(join(distDir, name));
    return file.startsWith(distDir) && (cache.has(file) || existsSync(file)) ? load(file).raw.toString('utf8') : undefined;
  };
  return (c: Context): Response | Promise<Response> | undefined => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return undefined; // not a percent-encoding this server wrote: the API's 404 answers it
    }
    const file = normalize(join(distDir, path));
    if (file === index) return serveIndex(c, '/');
    if (file.startsWith(distDir) && (cache.has(file) || (existsSync(file) && statSync(file).isFile()))) {
      const immutable = path.startsWith('/assets/');
      return respond(c, load(file), immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (extname(path) && path.startsWith('/assets/')) return undefined; // a missing asset is a 404, not the SPA
    if (!existsSync(index)) return undefined;
    return serveIndex(c, path);
  };
}
