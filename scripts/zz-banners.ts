import { writeFileSync } from 'node:fs';
import { bannerSvg } from '../server/media';
import { banners } from '../server/db/seed-data';
import { motifOf } from '../server/illustrations';
let html = '<html><body style="margin:0;padding:8px;background:#fff">';
for (const b of banners) for (const [w, h, dw] of [[1200, 400, 1200], [780, 520, 390]] as const) { const svg = bannerSvg(b.bannerid, b.title, b.subtitle, w, h, motifOf(Number(b.link.split('/')[2]))); html += `<div><img style="width:${dw}px;display:block" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"><div style="font:11px sans-serif">${b.bannerid} ${w}x${h} ${svg.length}B</div></div>`; }
writeFileSync('/tmp/shots-finish/banners.html', html + '</body></html>');
