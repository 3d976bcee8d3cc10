import type { AdminClass, AdminCurriculumOrder } from '../../../api/queries/admin-catalog';

export type CurriculumOrder = AdminCurriculumOrder['sections'];

/** The class's order as the reorder call takes it: every section, and each one's lectures that are not hidden. */
export function orderOf(c: Pick<AdminClass, 'sections'>): CurriculumOrder {
  return c.sections.map((s) => ({ sectionid: s.sectionid, videoids: s.lectures.filter((l) => !l.hidden).map((l) => l.videoid) }));
}

function swap<T>(list: readonly T[], i: number, j: number): T[] {
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** The section at `index` one place up (-1) or down (+1); null when it is already at that end. */
export function moveSection(order: CurriculumOrder, index: number, dir: -1 | 1): CurriculumOrder | null {
  const to = index + dir;
  if (index < 0 || index >= order.length || to < 0 || to >= order.length) return null;
  return swap(order, index, to);
}

/** A lecture one place up or down inside its section; null at the section's end. */
export function moveLecture(order: CurriculumOrder, videoid: number, dir: -1 | 1): CurriculumOrder | null {
  const si = order.findIndex((s) => s.videoids.includes(videoid));
  if (si < 0) return null;
  const ids = order[si]!.videoids;
  const li = ids.indexOf(videoid);
  const to = li + dir;
  if (to < 0 || to >= ids.length) return null;
  return order.map((s, i) => (i === si ? { ...s, videoids: swap(ids, li, to) } : s));
}

/**
 * A lecture into the previous section (-1, at its end) or the next one (+1, at its start), so it lands next to where
 * it was; null when there is no such section.
 */
export function moveLectureToSection(order: CurriculumOrder, videoid: number, dir: -1 | 1): CurriculumOrder | null {
  const si = order.findIndex((s) => s.videoids.includes(videoid));
  const to = si + dir;
  if (si < 0 || to < 0 || to >= order.length) return null;
  return order.map((s, i) => {
    if (i === si) return { ...s, videoids: s.videoids.filter((v) => v !== videoid) };
    if (i === to) return { ...s, videoids: dir < 0 ? [...s.videoids, videoid] : [videoid, ...s.videoids] };
    return s;
  });
}
