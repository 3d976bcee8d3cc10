/**
 * Flat illustrations for the generated lecture and banner artwork: one motif per kind of class (mat, reformer,
 * cadillac, spine, shoulder, book), drawn on a 480 × 300 canvas. A seed (the lecture or banner id) picks the
 * palette, the pose, the mirror image and the decoration, so a category's lectures look related but never alike.
 */

export type Motif = 'mat' | 'reformer' | 'cadillac' | 'lumbar' | 'cervical' | 'shoulder' | 'book';

export interface Palette {
  /** Background gradient, light to a little darker. */
  bg: [string, string];
  accent: string;
  ink: string;
}

export const PALETTES: Palette[] = [
  { bg: ['#FDF0E6', '#F7D5BF'], accent: '#E0642A', ink: '#3A2A22' },
  { bg: ['#E8F2EA', '#C6DECD'], accent: '#3B7A57', ink: '#1F3A2B' },
  { bg: ['#E7EDF9', '#C5D4F0'], accent: '#4062BB', ink: '#1E2A4A' },
  { bg: ['#F4E7EF', '#E1C3D5'], accent: '#8E5572', ink: '#3A1F2E' },
  { bg: ['#F8F1DD', '#EADAA9'], accent: '#A8841A', ink: '#3B3220' },
  { bg: ['#E1F2F6', '#B9DFEA'], accent: '#2E86AB', ink: '#173B4A' },
];

/** A small deterministic generator (LCG): the same id always draws the same picture. */
export function seeded(seed: number): () => number {
  let state = (Math.abs(Math.trunc(seed)) * 9301 + 49297) % 233280;
  return () => (state = (state * 9301 + 49297) % 233280) / 233280;
}

/** The motif of a lecture's category (the seeded third level, then its second and first levels). */
export function motifOf(categoryid: number): Motif | undefined {
  const byCategory: Record<number, Motif> = {
    111: 'mat',
    112: 'mat',
    11: 'mat',
    1: 'mat',
    121: 'reformer',
    12: 'reformer',
    122: 'cadillac',
    211: 'lumbar',
    21: 'lumbar',
    2: 'lumbar',
    212: 'cervical',
    221: 'shoulder',
    222: 'shoulder',
    22: 'shoulder',
    311: 'book',
    31: 'book',
    3: 'book',
  };
  return byCategory[categoryid];
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const line = (x1: number, y1: number, x2: number, y2: number) => `M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}`;
/** Limbs as one path of round-capped strokes. */
const limbs = (ink: string, width: number, ...segments: string[]) =>
  `<path d="${segments.join('')}" fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const head = (x: number, y: number, r: number, ink: string) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${ink}"/>`;

function mat(p: Palette, pose: number): string {
  const floor = `<rect x="70" y="232" width="340" height="14" rx="7" fill="${p.accent}" fill-opacity="0.55"/>`;
  switch (pose % 3) {
    case 0: // bridge
      return (
        floor +
        head(128, 214, 16, p.ink) +
        limbs(p.ink, 15, line(148, 222, 252, 170), line(252, 170, 314, 140), line(314, 140, 330, 228), line(156, 228, 226, 230))
      );
    case 1: // teaser (V-sit)
      return (
        floor +
        head(186, 116, 16, p.ink) +
        limbs(p.ink, 15, line(200, 138, 240, 222), line(240, 222, 338, 126), line(206, 146, 292, 112))
      );
    default: // plank
      return (
        floor +
        head(146, 150, 16, p.ink) +
        limbs(p.ink, 15, line(168, 164, 360, 226), line(170, 166, 170, 230), line(176, 168, 206, 230))
      );
  }
}

function reformer(p: Palette): string {
  const frame =
    `<rect x="56" y="188" width="368" height="18" rx="8" fill="${p.ink}" fill-opacity="0.78"/>` +
    `<rect x="70" y="206" width="14" height="34" rx="4" fill="${p.ink}" fill-opacity="0.6"/><rect x="396" y="206" width="14" height="34" rx="4" fill="${p.ink}" fill-opacity="0.6"/>`;
  const carriage = `<rect x="196" y="168" width="120" height="22" rx="7" fill="${p.accent}"/><rect x="300" y="160" width="26" height="12" rx="5" fill="${p.accent}" fill-opacity="0.7"/>`;
  const springs = `<path d="M122 197l8-6 8 12 8-12 8 12 8-12 8 12 8-12 8 12 8-6" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`;
  const footbar = limbs(p.ink, 8, line(104, 190, 114, 118));
  const member =
    head(318, 146, 15, p.ink) +
    limbs(p.ink, 14, line(296, 156, 214, 158), line(214, 158, 160, 116), line(160, 116, 118, 126), line(288, 164, 240, 170));
  return frame + springs + footbar + carriage + member;
}

function cadillac(p: Palette): string {
  const frame = limbs(p.ink, 8, line(92, 240, 92, 62), line(388, 240, 388, 62), line(92, 62, 388, 62));
  const table = `<rect x="78" y="188" width="324" height="22" rx="8" fill="${p.accent}" fill-opacity="0.85"/>`;
  const straps = `<path d="${line(196, 62, 206, 98)}${line(226, 62, 222, 96)}" stroke="${p.ink}" stroke-width="3" fill="none"/>`;
  const member =
    head(354, 170, 15, p.ink) + limbs(p.ink, 14, line(334, 176, 244, 178), line(244, 178, 214, 98), line(326, 184, 288, 186));
  return frame + straps + table + member;
}

/** A gently S-curved column of vertebrae; `lit` are the ones the class is about. */
function spine(p: Palette, lit: (i: number) => boolean): string {
  const count = 12;
  let bones = '';
  let glowY = 0;
  let glowN = 0;
  for (let i = 0; i < count; i++) {
    const y = 34 + i * 20;
    const x = 240 + 16 * Math.sin((i / (count - 1)) * Math.PI * 1.6 - 0.4);
    const w = 38 + i * 2.2;
    if (lit(i)) {
      glowY += y;
      glowN++;
    }
    bones += `<rect x="${r1(x - w / 2)}" y="${y}" width="${r1(w)}" height="14" rx="6" fill="${lit(i) ? p.accent : p.ink}"${lit(i) ? '' : ' fill-opacity="0.82"'}/>`;
    bones += `<rect x="${r1(x + w / 2 - 2)}" y="${y + 3}" width="14" height="7" rx="3" fill="${p.ink}" fill-opacity="0.45"/>`;
  }
  const glow = glowN ? `<circle cx="240" cy="${r1(glowY / glowN + 7)}" r="62" fill="${p.accent}" fill-opacity="0.2"/>` : '';
  return glow + bones;
}

function shoulder(p: Palette, pose: number): string {
  const raised = pose % 2 === 0;
  const hand = raised ? line(322, 96, 352, 46) : line(348, 150, 408, 128);
  const elbow = raised ? line(300, 146, 322, 96) : line(300, 146, 348, 150);
  const torso = `<path d="M186 140 Q240 128 300 140 Q300 204 284 262 L202 262 Q186 204 186 140 Z" fill="${p.ink}" fill-opacity="0.16"/>`;
  const arc = `<path d="M${raised ? '246 92 A74 74 0 0 1 372 150' : '262 84 A70 70 0 0 1 366 188'}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-dasharray="10 9" stroke-linecap="round"/>`;
  return (
    torso +
    arc +
    head(242, 94, 24, p.ink) +
    limbs(
      p.ink,
      15,
      line(186, 142, 300, 146),
      elbow,
      hand,
      line(186, 142, 170, 212),
      line(170, 212, 176, 262),
      line(242, 118, 242, 138),
    ) +
    `<circle cx="300" cy="146" r="13" fill="${p.accent}"/>`
  );
}

function book(p: Palette): string {
  const pages = `<path d="M240 84 Q176 62 104 78 V238 Q176 222 240 244 Z" fill="#fff"/><path d="M240 84 Q304 62 376 78 V238 Q304 222 240 244 Z" fill="#fff" fill-opacity="0.92"/>`;
  let text = '';
  for (let i = 0; i < 6; i++)
    text += `<rect x="124" y="${104 + i * 20}" width="${i % 3 === 2 ? 62 : 92}" height="6" rx="3" fill="${p.ink}" fill-opacity="0.28"/>`;
  let sketch = '';
  for (let i = 0; i < 6; i++)
    sketch += `<rect x="${r1(300 + 6 * Math.sin(i))}" y="${100 + i * 18}" width="${24 + i * 2}" height="11" rx="4" fill="${p.accent}" fill-opacity="${(0.5 + i * 0.08).toFixed(2)}"/>`;
  const ribbon = `<path d="M262 232 v36 l10 -9 l10 9 v-40" fill="${p.accent}"/>`;
  return (
    `<rect x="98" y="240" width="284" height="10" rx="5" fill="${p.ink}" fill-opacity="0.2"/>` +
    pages +
    text +
    sketch +
    ribbon +
    `<path d="M240 84V244" stroke="${p.ink}" stroke-opacity="0.25" stroke-width="2"/>`
  );
}

/** The motif's shapes on the 480 × 300 canvas. */
export function motifShapes(motif: Motif, p: Palette, pose: number): string {
  switch (motif) {
    case 'mat':
      return mat(p, pose);
    case 'reformer':
      return reformer(p);
    case 'cadillac':
      return cadillac(p);
    case 'lumbar':
      return spine(p, (i) => i >= 8);
    case 'cervical':
      return spine(p, (i) => i <= 3);
    case 'shoulder':
      return shoulder(p, pose);
    case 'book':
      return book(p);
  }
}

/** Soft background shapes: a large circle, a dotted patch and an arc, placed by the seed. */
export function decoration(p: Palette, random: () => number, width: number, height: number): string {
  const cx = Math.round(random() * width);
  const cy = Math.round(random() * height);
  const r = Math.round(height * (0.3 + random() * 0.25));
  // Top right: the card's badges (BEST, NEW, 무료) sit top left.
  const dx = Math.round(width * (0.74 + random() * 0.06));
  const dy = Math.round(height * (0.08 + random() * 0.15));
  let dots = '';
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 5; col++) dots += `<circle cx="${dx + col * 14}" cy="${dy + row * 14}" r="2.6"/>`;
  const ay = Math.round(height * (0.55 + random() * 0.3));
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.45"/>` +
    `<g fill="${p.accent}" fill-opacity="0.35">${dots}</g>` +
    `<path d="M0 ${ay} Q${Math.round(width * 0.5)} ${ay - Math.round(height * 0.3)} ${width} ${ay}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="10"/>`
  );
}
