const palette = ['#EE732E', '#3B7A57', '#4062BB', '#8E5572', '#C9A227', '#2E86AB'];

/** Small generated SVG artwork with explicit dimensions: the demo never depends on external images. */
export function thumbnailSvg(id: number, title: string, width = 480, height = 270): string {
  const color = palette[id % palette.length];
  const safe = title.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="${width}" height="${height}" fill="${color}"/>`
    + `<circle cx="${width * 0.8}" cy="${height * 0.3}" r="${height * 0.35}" fill="#ffffff" fill-opacity="0.15"/>`
    + `<text x="24" y="${height - 32}" font-family="sans-serif" font-size="${Math.round(height / 11)}" fill="#ffffff">${safe}</text></svg>`;
}

/**
 * Banner artwork: a gradient with a field of soft shapes and the title. Richer than a thumbnail on
 * purpose: browsers ignore near-empty images (under ~0.05 bits per displayed pixel) as placeholders when
 * they pick the largest contentful paint, and a real banner photo is never that empty.
 */
export function bannerSvg(id: number, title: string, subtitle: string, width: number, height: number): string {
  const color = palette[id % palette.length]!;
  const accent = palette[(id + 2) % palette.length]!;
  const safe = (v: string) => v.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);
  let seed = id * 9301 + 49297;
  const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;
  const shapes: string[] = [];
  for (let i = 0; i < 90; i++) {
    const r = Math.round(6 + random() * height * 0.18);
    shapes.push(`<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${r}" fill="#fff" fill-opacity="${(0.04 + random() * 0.12).toFixed(2)}"/>`);
  }
  const titleSize = Math.round(Math.min(width / 16, height / 7));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>`
    + `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}`
    + `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.62)}" font-family="sans-serif" font-weight="700" font-size="${titleSize}" fill="#fff">${safe(title)}</text>`
    + `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.62 + titleSize * 1.3)}" font-family="sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#fff" fill-opacity="0.9">${safe(subtitle)}</text></svg>`;
}
