import { writeFileSync } from 'node:fs';
import { thumbnailSvg } from '../server/media';
import { lectures } from '../server/db/seed-data';
let html = '<html><body style="margin:0;display:grid;grid-template-columns:repeat(6,1fr);gap:8px;padding:8px;background:#fff">';
for (const l of lectures) { const svg = thumbnailSvg(l.contentsid, l.categoryid); html += `<div><img style="width:100%;border-radius:8px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"><div style="font:11px sans-serif">${l.contentsid} ${l.categoryid} ${svg.length}B</div></div>`; }
writeFileSync('/tmp/shots-finish/thumbs.html', html + '</body></html>');
