/** Category logic of the catalogue, once: the header's three-level menu and the class list's breadcrumb and chips. */
import type { components } from '../api/schema.gen';

export type Category = components['schemas']['Category'];

/** Menu node (spec §3): the category plus menuName, on/active marker, rootid and subMenu. */
export interface MenuNode extends Category {
  menuName: string;
  on: boolean;
  rootid: number;
  subMenu: MenuNode[];
}

/** The ids the address names: current category (second-to-last segment) and sub-category (last). */
export interface CurrentIds {
  categoryid?: number;
  subid?: number;
}

export const MENU_DEPTH = 3;

/**
 * Current ids from an address: second-to-last and last path segments, hash removed (spec §2).
 * `/classList/20/10#top` → { categoryid: 20, subid: 10 }.
 */
export function currentIdsFromPath(path: string): CurrentIds {
  const clean = path.split('#')[0]!.split('?')[0]!;
  const segments = clean.split('/').filter(Boolean);
  const toId = (s: string | undefined) => {
    const n = Number(s);
    return s !== undefined && s !== '' && Number.isInteger(n) ? n : undefined;
  };
  return { categoryid: toId(segments.at(-2)), subid: toId(segments.at(-1)) };
}

/**
 * Builds the three-level menu from the flat list (parentID 0 = top level) and marks items active
 * when they match the current category, the sub-category, or are a parent of an active item.
 * Deeper levels than three are dropped; orphans (unknown parent) are skipped.
 */
export function buildCategoryTree(categories: readonly Category[], current: CurrentIds = {}): MenuNode[] {
  const byParent = new Map<number, Category[]>();
  for (const c of categories) {
    const list = byParent.get(c.parentID) ?? [];
    list.push(c);
    byParent.set(c.parentID, list);
  }

  const build = (parentId: number, depth: number, rootid: number | undefined): MenuNode[] => {
    if (depth > MENU_DEPTH) return [];
    return (byParent.get(parentId) ?? []).map((c) => {
      const root = rootid ?? c.categoryid;
      const subMenu = c.categoryid === parentId ? [] : build(c.categoryid, depth + 1, root);
      const selfActive = c.categoryid === current.categoryid || c.categoryid === current.subid;
      return {
        ...c,
        hasChildren: depth < MENU_DEPTH && subMenu.length > 0,
        menuName: c.ctgrname,
        rootid: root,
        subMenu,
        on: selfActive || subMenu.some((s) => s.on),
      };
    });
  };
  return build(0, 1, undefined);
}

/** Address of a category's class list: /classList/{categoryid}/{pcategoryid}. */
export function classListPath(node: Pick<Category, 'categoryid' | 'pcategoryid'>): {
  to: '/classList/$categoryid/$pcategoryid';
  params: { categoryid: number; pcategoryid: number };
} {
  return { to: '/classList/$categoryid/$pcategoryid', params: { categoryid: node.categoryid, pcategoryid: node.pcategoryid } };
}

/** The category and its ancestors, top level first (breadcrumb of /classList). */
export function categoryPath(categories: readonly Category[], categoryid: number): Category[] {
  const byId = new Map(categories.map((c) => [c.categoryid, c]));
  const path: Category[] = [];
  let current = byId.get(categoryid);
  while (current && path.length < 5) {
    path.unshift(current);
    current = current.parentID ? byId.get(current.parentID) : undefined;
  }
  return path;
}

/** Direct children of a category, for the sub-category chips. */
export function childrenOf(categories: readonly Category[], categoryid: number): Category[] {
  return categories.filter((c) => c.parentID === categoryid && c.categoryid !== categoryid);
}
