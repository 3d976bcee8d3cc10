import type { AdminCategory } from '../../../api/queries/admin-catalog';
import type { AdminCategoryOrder } from '../../../api/queries/admin-catalog-categories';
import { mayAddUnder, moveRefusal } from '../../../../rules/categoryTree';
import { categoryOptions } from './categoryTree';

/** A parent's children in their order (the store's menu order). */
export function childrenOf(list: readonly AdminCategory[], parentid: number): AdminCategory[] {
  return list.filter((c) => c.parentid === parentid).sort((a, b) => a.sort - b.sort || a.categoryid - b.categoryid);
}

/** The reorder call that moves `id` one place up (-1) or down (+1) among its siblings; null at that end. */
export function swappedOrder(list: readonly AdminCategory[], id: number, dir: -1 | 1): AdminCategoryOrder | null {
  const self = list.find((c) => c.categoryid === id);
  if (!self) return null;
  const ids = childrenOf(list, self.parentid).map((c) => c.categoryid);
  const at = ids.indexOf(id);
  const to = at + dir;
  if (to < 0 || to >= ids.length) return null;
  [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  return { parentid: self.parentid, categoryids: ids };
}

export const TOP_LABEL = '최상위 (메뉴 첫 단계)';

/**
 * Where a category may go: the top and every category it fits under (rules/categoryTree.ts: not itself or below it,
 * not past the third level), its current parent left out. In the tree's order, indented as the class form's select.
 */
export function moveTargets(list: readonly AdminCategory[], id: number): { categoryid: number; label: string }[] {
  const self = list.find((c) => c.categoryid === id);
  if (!self) return [];
  const fits = (target: number) => target !== self.parentid && moveRefusal(list, id, target) === null;
  return [
    ...(fits(0) ? [{ categoryid: 0, label: TOP_LABEL }] : []),
    ...categoryOptions(list)
      .filter((o) => fits(o.categoryid))
      .map((o) => ({ categoryid: o.categoryid, label: o.label })),
  ];
}

/** True when a category may have a child: the store's menu shows three levels. */
export const mayHaveChild = (list: readonly AdminCategory[], id: number) => mayAddUnder(list, id);
