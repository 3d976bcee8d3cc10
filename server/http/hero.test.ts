import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { bannerRecords } from '../domain/banners';
import { heroPrerender } from './hero';

const TEMPLATE = '<head><title>t</title><!--app-head--></head><body><div id="app"><!--app-hero--></div></body>';

let server: RunningServer;
// Starting a server on the shared 2-core machine can outlast the default hook time.
beforeAll(async () => {
  server = await startServer({ port: 0, memory: true, quiet: true });
}, 60_000);
afterAll(() => server.close());

describe('first paint of /main', () => {
  it('preloads the first banner and paints it as the app will', async () => {
    const render = heroPrerender(() => bannerRecords(server.db));
    const html = await render(TEMPLATE, '/main');
    const banners = await fetch(`${server.url}/api/Banner/GetList?isonlybranch=true`, {
      method: 'POST',
      headers: { 'X-Storefront-Client': 'web/1.0' },
    }).then((r) => r.json());
    const first = banners.datas[0];
    expect(html).toContain(`<link rel="preload" as="image" href="${first.mobileimageurl}" media="(max-width: 640px)"`);
    expect(html).toContain(`<img data-paint-first src="${first.imageurl}" alt="${first.alt}" width="${first.width}" height="${first.height}"`);
    expect(html).toContain('<section class="hero">');
    expect(html).not.toContain('<!--app-hero-->');
  });

  it('leaves other pages as they are', async () => {
    const render = heroPrerender(() => bannerRecords(server.db));
    expect(await render(TEMPLATE, '/notice')).toBe(TEMPLATE);
  });

  it('serves 3:2 phone banners and 3:1 desktop banners', async () => {
    const phone = await fetch(`${server.url}/media/banners/1-m.svg`).then((r) => r.text());
    const desktop = await fetch(`${server.url}/media/banners/1.svg`).then((r) => r.text());
    expect(phone).toMatch(/^<svg[^>]* width="780" height="520"/);
    expect(desktop).toMatch(/^<svg[^>]* width="1200" height="400"/);
    // Rich enough that a browser counts it as content (≥ 0.05 bits per displayed pixel at 412 px wide).
    expect((phone.length * 8) / (412 * 275)).toBeGreaterThan(0.05);
    expect((await fetch(`${server.url}/media/banners/99-m.svg`)).status).toBe(404);
  });
});
