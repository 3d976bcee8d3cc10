import { PALETTES, decoration, motifOf, motifShapes, seeded, type Motif } from './illustrations';

const palette = ['#EE732E', '#3B7A57', '#4062BB', '#8E5572', '#C9A227', '#2E86AB'];
const MOTIFS: Motif[] = ['mat', 'reformer', 'cadillac', 'lumbar', 'cervical', 'shoulder', 'book'];

/**
 * A lecture's thumbnail: a flat illustration of its kind of class (server/media/illustrations.ts) on a soft gradient, with
 * no text (the card prints the title below it). Palette, pose, mirror image and decoration come from the lecture id.
 * About 2 KB, explicit dimensions (the card's 16:10), so it stays a cheap, cacheable first paint.
 */
export function thumbnailSvg(contentsid: number, categoryid: number, width = 480, height = 300): string {
  const random = seeded(contentsid);
  const p = PALETTES[(contentsid + Math.floor(random() * 3)) % PALETTES.length]!;
  const motif = motifOf(categoryid) ?? MOTIFS[contentsid % MOTIFS.length]!;
  const mirror = random() > 0.5;
  const dx = Math.round(random() * 30 - 15);
  const place = mirror ? `matrix(-1 0 0 1 ${width - dx} 0)` : `translate(${dx} 0)`;
  const diagonal = random() > 0.5 ? 'x2="1" y2="1"' : 'x1="1" x2="0" y2="1"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" ${diagonal}><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${decoration(p, random, width, height)}` +
    `<g transform="${place}">${motifShapes(motif, p, contentsid)}</g></svg>`
  );
}

/**
 * Banner artwork: a gradient with a field of soft shapes, the title, and the illustration of the class the banner
 * links to on a light disc (right on the 3:1 desktop banner, top right on the 3:2 phone one). Richer than a
 * thumbnail on purpose: browsers ignore near-empty images (under ~0.05 bits per displayed pixel) as placeholders
 * when they pick the largest contentful paint, and a real banner photo is never that empty.
 */
export function bannerSvg(id: number, title: string, subtitle: string, width: number, height: number, motif?: Motif): string {
  const color = palette[id % palette.length]!;
  const accent = palette[(id + 2) % palette.length]!;
  const safe = (v: string) => v.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
  const random = seeded(id);
  const shapes: string[] = [];
  for (let i = 0; i < 60; i++) {
    const r = Math.round(6 + random() * height * 0.16);
    shapes.push(
      `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${r}" fill="#fff" fill-opacity="${(0.04 + random() * 0.1).toFixed(2)}"/>`,
    );
  }
  const wide = width / height > 2;
  const titleSize = Math.round(wide ? Math.min(width / 28, height / 7) : Math.min(width / 16, height / 7));
  const titleY = Math.round(height * (wide ? 0.5 : 0.66));
  let art = '';
  if (motif) {
    // The 480 × 300 illustration, scaled into its box and centred on a light disc.
    const scale = wide ? (height * 0.78) / 300 : (height * 0.44) / 300;
    const [x, y] = wide
      ? [width - 480 * scale - width * 0.05, height * 0.11]
      : [width - 480 * scale - width * 0.04, height * 0.05];
    const p = PALETTES[id % PALETTES.length]!;
    art =
      `<circle cx="${r1(x + 240 * scale)}" cy="${r1(y + 150 * scale)}" r="${r1(165 * scale)}" fill="#fff" fill-opacity="0.88"/>` +
      `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 100) / 100})">${motifShapes(motif, p, id)}</g>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}${art}` +
    `<text x="${Math.round(width * 0.06)}" y="${titleY}" font-family="sans-serif" font-weight="700" font-size="${titleSize}" fill="#fff">${safe(title)}</text>` +
    `<text x="${Math.round(width * 0.06)}" y="${Math.round(titleY + titleSize * 1.3)}" font-family="sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#fff" fill-opacity="0.92">${safe(subtitle)}</text></svg>`
  );
}

const r1 = (n: number) => Math.round(n * 10) / 10;
