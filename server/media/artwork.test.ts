import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';

let server: RunningServer;
// Starting a server on the shared 2-core machine can outlast the default hook time.
beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, quiet: true });
}, 60_000);
afterAll(() => server.close());

const thumb = (id: number) => fetch(`${server.url}/media/thumbs/${id}.svg`);

describe('generated lecture thumbnails', () => {
  it('are small, cacheable 16:10 illustrations with no text drawn over them', async () => {
    const res = await thumb(101);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg[^>]* width="480" height="300"/);
    // The card prints the title below the picture: none inside it.
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('처음 만나는');
    expect(svg.length).toBeLessThan(4096);
  });

  it('differ between lectures of one category and between categories', async () => {
    // 101-103 are mat classes, 107 a reformer class, 113 a lumbar-spine class, 125 an e-book.
    const svgs = await Promise.all([101, 102, 103, 107, 113, 125].map(async (id) => (await thumb(id)).text()));
    expect(new Set(svgs).size).toBe(svgs.length);
    const palettes = svgs.slice(0, 3).map((svg) => /stop-color="(#[0-9A-F]{6})"/i.exec(svg)?.[1]);
    expect(new Set(palettes).size).toBeGreaterThan(1);
    expect(await (await thumb(101)).text()).toBe(svgs[0]);
  });

  it('answers 404 for a lecture that does not exist', async () => {
    expect((await thumb(99999)).status).toBe(404);
  });
});
