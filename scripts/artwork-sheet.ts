/**
 * A contact sheet of the generated artwork (server/media/illustrations.ts, server/media/thumbnails.ts): every seeded lecture's
 * thumbnail and every banner at its desktop and phone size, with byte sizes, in screenshots/artwork.html.
 * Usage: npx tsx scripts/artwork-sheet.ts   (open the file in a browser; no server needed)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bannerSvg, thumbnailSvg } from '../server/media/thumbnails';
import { motifOf } from '../server/media/illustrations';
import { BANNER_SIZE, MOBILE_BANNER_SIZE } from '../server/domain/banners';
import { banners, lectures } from '../server/db/seed-data';

const OUT = join(new URL('..', import.meta.url).pathname, 'screenshots');
const img = (svg: string, style: string) =>
  `<img style="${style}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" alt="">`;
const caption = (text: string) => `<p style="font:12px sans-serif;margin:4px 0 12px">${text}</p>`;

let html = '<!doctype html><meta charset="utf-8"><title>artwork</title><body style="margin:16px;font-family:sans-serif">';
html += '<h2>Lecture thumbnails</h2><div style="display:grid;grid-template-columns:repeat(6,1fr);gap:12px">';
for (const l of lectures) {
  const svg = thumbnailSvg(l.contentsid, l.categoryid);
  html += `<div>${img(svg, 'width:100%;border-radius:8px')}${caption(`${l.contentsid} · ${l.title} · ${svg.length} B`)}</div>`;
}
html += '</div><h2>Banners</h2>';
for (const b of banners) {
  const motif = motifOf(Number(/^\/classList\/(\d+)\//.exec(b.link)?.[1]));
  for (const size of [BANNER_SIZE, MOBILE_BANNER_SIZE]) {
    const svg = bannerSvg(b.bannerid, b.title, b.subtitle, size.width, size.height, motif);
    html += `<div>${img(svg, `width:${size === BANNER_SIZE ? 1200 : 390}px;max-width:100%`)}${caption(`${b.bannerid} · ${size.width}×${size.height} · ${svg.length} B`)}</div>`;
  }
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'artwork.html'), `${html}</body>`);
console.log(`wrote ${join(OUT, 'artwork.html')}`);
