import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.json': 'application/json', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built SPA from dist/: hashed files under /assets/ get a year-long immutable cache,
 * other files are revalidated, and any other GET falls back to index.html (client-side routes).
 */
export function staticApp(distDir: string) {
  const index = join(distDir, 'index.html');
  return (c: Context): Response | undefined => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
    const path = decodeURIComponent(new URL(c.req.url).pathname);
    const file = normalize(join(distDir, path));
    if (file.startsWith(distDir) && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      return new Response(readFileSync(file), {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
    if (extname(path) && path.startsWith('/assets/')) return undefined; // a missing asset is a 404, not the SPA
    if (!existsSync(index)) return undefined;
    return new Response(readFileSync(index), { headers: { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' } });
  };
}
