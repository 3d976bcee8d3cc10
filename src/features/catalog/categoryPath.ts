import type { components } from '../../api/schema.gen';

type Category = components['schemas']['Category'];

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
