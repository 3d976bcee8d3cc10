import type { AdminCategory } from '../../../api/queries/admin-catalog';

export interface CategoryOption {
  categoryid: number;
  /** The name indented by depth (ideographic spaces and └), for a select's option. */
  label: string;
  isactive: boolean;
}

/** The flat list as a tree in pre-order (parents before their children, each level by `sort`), indented by depth. */
export function categoryOptions(list: readonly AdminCategory[]): CategoryOption[] {
  const children = new Map<number, AdminCategory[]>();
  for (const c of list) children.set(c.parentid, [...(children.get(c.parentid) ?? []), c]);
  const known = new Set(list.map((c) => c.categoryid));
  const out: CategoryOption[] = [];
  const visit = (c: AdminCategory, depth: number) => {
    out.push({ categoryid: c.categoryid, label: `${'\u3000'.repeat(depth)}${depth ? '└ ' : ''}${c.name}`, isactive: c.isactive });
    for (const child of sorted(children.get(c.categoryid))) visit(child, depth + 1);
  };
  // Roots: parent 0, or a parent the list does not hold.
  for (const root of sorted(list.filter((c) => c.parentid === 0 || !known.has(c.parentid)))) visit(root, 0);
  return out;
}

function sorted(list: AdminCategory[] | undefined): AdminCategory[] {
  return [...(list ?? [])].sort((a, b) => a.sort - b.sort || a.categoryid - b.categoryid);
}
