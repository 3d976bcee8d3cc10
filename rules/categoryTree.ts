/**
 * The category tree's shape rules, applied by the console (which offers only the moves that fit) and by the server
 * (which refuses the rest). The store's menu shows three levels (spec §2: top menu, sub-menu, sub-sub-menu) and the
 * store's category call names a category's top by looking two parents up, so no category may sit deeper.
 * Pure and dependency-free, like every module of rules/.
 */
export const MAX_CATEGORY_DEPTH = 3;

/** A category as the rules need it: its id and its parent's (0 at the top). */
export interface TreeNode {
  categoryid: number;
  parentid: number;
}

export type MoveRefusal = 'unknown' | 'cycle' | 'depth';

/** 1 at the top, 2 below a top category, …; 0 for an id the list does not hold (or a loop in a corrupt list). */
export function depthOf(list: readonly TreeNode[], id: number): number {
  const parent = new Map(list.map((c) => [c.categoryid, c.parentid]));
  let depth = 0;
  for (let at: number | undefined = id; at !== undefined && at !== 0; at = parent.get(at)) {
    if (!parent.has(at) || ++depth > list.length) return 0;
  }
  return depth;
}

/** The category and everything below it. */
export function subtreeOf(list: readonly TreeNode[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const c of list) if (c.parentid === out[i]) out.push(c.categoryid);
  return out;
}

/** How many levels the category and its descendants span: 1 for a category without children. */
export function heightOf(list: readonly TreeNode[], id: number): number {
  let height = 0;
  // Level by level, bounded by the list's length so a corrupt loop ends too.
  for (let level = [id]; level.length > 0 && height <= list.length; height++) {
    level = list.filter((c) => level.includes(c.parentid)).map((c) => c.categoryid);
  }
  return height;
}

/** A new child fits below `parentid` (0: the top) only while the parent is above the last level. */
export function mayAddUnder(list: readonly TreeNode[], parentid: number): boolean {
  if (parentid === 0) return true;
  const depth = depthOf(list, parentid);
  return depth > 0 && depth < MAX_CATEGORY_DEPTH;
}

/**
 * Why `id` may not move below `parentid` (0: the top), or null when it may: the parent must exist and be neither the
 * category nor below it (a loop would cut the branch off the menu), and the category's deepest descendant must still
 * sit within the levels the menu shows.
 */
export function moveRefusal(list: readonly TreeNode[], id: number, parentid: number): MoveRefusal | null {
  if (!list.some((c) => c.categoryid === id)) return 'unknown';
  if (parentid !== 0 && !list.some((c) => c.categoryid === parentid)) return 'unknown';
  if (subtreeOf(list, id).includes(parentid)) return 'cycle';
  const parentDepth = parentid === 0 ? 0 : depthOf(list, parentid);
  return parentDepth + heightOf(list, id) > MAX_CATEGORY_DEPTH ? 'depth' : null;
}
