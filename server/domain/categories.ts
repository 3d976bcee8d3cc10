import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { MAX_CATEGORY_DEPTH, depthOf, mayAddUnder, moveRefusal, subtreeOf, type TreeNode } from '../../rules/categoryTree';
import { recordAudit, type AuditActor } from './audit';
import { nextConsoleId } from './consoleIds';

/**
 * The category tree as the console writes it (issue 38): add under a parent, rename, reorder siblings, move a branch,
 * delete an empty category. Every write holds one transaction lock on the tree, so two moves at once cannot together
 * make a loop, then checks the rules of rules/categoryTree.ts against the tree as it stands, and appends one audit entry.
 */
export type AdminCategory = components['schemas']['AdminCategory'];
type CategoryInput = components['schemas']['AdminCategoryInput'];
type CategoryName = components['schemas']['AdminCategoryName'];
type CategoryOrder = components['schemas']['AdminCategoryOrder'];

const NOT_FOUND = '요청하신 카테고리를 찾을 수 없습니다.';
const NO_PARENT = '상위 카테고리를 찾을 수 없습니다.';
export const TOO_DEEP = `카테고리는 ${MAX_CATEGORY_DEPTH}단계까지 만들 수 있습니다. 스토어 메뉴가 ${MAX_CATEGORY_DEPTH}단계까지만 보여줍니다.`;
export const INTO_ITSELF = '카테고리를 자기 자신이나 그 하위 카테고리 아래로 옮길 수 없습니다.';
export const SAME_NAME = '같은 위치에 같은 이름의 카테고리가 있습니다.';
export const ORDER_CHANGED = '카테고리 목록이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';
const EMPTY_NAME = '카테고리 이름을 입력해주세요.';
export const hasClasses = (n: number) => `이 카테고리에 클래스 ${n}개가 있어 삭제할 수 없습니다. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요.`;
export const hasChildren = (n: number) => `하위 카테고리 ${n}개가 있어 삭제할 수 없습니다. 하위 카테고리를 먼저 옮기거나 삭제해주세요.`;

/** Any constant the instances share: the lock every write of the tree holds until it commits. */
const TREE_LOCK = 2_026_113_804;

interface CategoryRow {
  categoryid: number;
  pcategoryid: number;
  ctgrname: string;
  ctgrengname: string;
  depth: number;
  sort: number;
  isactive: number;
  classcount: number;
}

const toCategory = (r: CategoryRow): AdminCategory => ({
  categoryid: r.categoryid,
  parentid: r.pcategoryid,
  name: r.ctgrname,
  engname: r.ctgrengname,
  depth: r.depth,
  sort: r.sort,
  isactive: r.isactive === 1,
  classcount: r.classcount,
});

/** Every category, active or not, by depth and sibling order, with its own classes counted in every state. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await all(
    db,
    sql<CategoryRow>`select c.categoryid, c.pcategoryid, c.ctgrname, c.ctgrengname, c.depth, c.sort, c.isactive,
      (select count(*)::int from lectures l where l.categoryid = c.categoryid) as classcount
    from categories c order by c.depth, c.sort, c.categoryid`,
  );
  return rows.map(toCategory);
}

/** The tree as the rules read it, under the tree's lock. */
async function lockedTree(tx: Db): Promise<(TreeNode & { name: string; sort: number })[]> {
  await sql`select pg_advisory_xact_lock(${TREE_LOCK})`.execute(tx);
  const rows = await all(tx, sql<{ categoryid: number; pcategoryid: number; ctgrname: string; sort: number }>`
    select categoryid, pcategoryid, ctgrname, sort from categories`);
  return rows.map((r) => ({ categoryid: r.categoryid, parentid: r.pcategoryid, name: r.ctgrname, sort: r.sort }));
}

const sameName = (a: string, b: string) => a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();

/** 409 when a sibling under `parentid` (other than `self`) already has the name. */
function ensureNameFree(tree: Awaited<ReturnType<typeof lockedTree>>, parentid: number, name: string, self?: number) {
  if (tree.some((c) => c.parentid === parentid && c.categoryid !== self && sameName(c.name, name))) fail(409, SAME_NAME);
}

const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim() || fail(400, EMPTY_NAME);
const nextSort = (tree: Awaited<ReturnType<typeof lockedTree>>, parentid: number) =>
  Math.max(0, ...tree.filter((c) => c.parentid === parentid).map((c) => c.sort)) + 1;

export async function createCategory(db: Db, author: AuditActor, input: CategoryInput): Promise<AdminCategory[]> {
  return db.transaction().execute(async (tx) => {
    const tree = await lockedTree(tx);
    const { parentid } = input;
    if (parentid !== 0 && !tree.some((c) => c.categoryid === parentid)) fail(404, NO_PARENT);
    if (!mayAddUnder(tree, parentid)) fail(400, TOO_DEEP);
    const name = cleanName(input.name);
    const engname = input.engname.replace(/\s+/g, ' ').trim();
    ensureNameFree(tree, parentid, name);
    const id = await nextConsoleId(tx, 'categories');
    const depth = parentid === 0 ? 1 : depthOf(tree, parentid) + 1;
    const sort = nextSort(tree, parentid);
    await sql`insert into categories (categoryid, pcategoryid, ctgrname, ctgrengname, depth, sort, isactive)
      values (${id}, ${parentid}, ${name}, ${engname}, ${depth}, ${sort}, 1)`.execute(tx);
    await recordAudit(tx, author, { operation: 'createAdminCategory', objectType: 'category', objectId: id, before: null, after: { parentid, name, engname } });
    return listCategories(tx);
  });
}

export async function renameCategory(db: Db, author: AuditActor, id: number, input: CategoryName): Promise<AdminCategory[]> {
  return db.transaction().execute(async (tx) => {
    const tree = await lockedTree(tx);
    const before = await one(tx, sql<{ pcategoryid: number; ctgrname: string; ctgrengname: string }>`
      select pcategoryid, ctgrname, ctgrengname from categories where categoryid = ${id}`);
    if (!before) return fail(404, NOT_FOUND);
    const name = cleanName(input.name);
    const engname = input.engname.replace(/\s+/g, ' ').trim();
    ensureNameFree(tree, before.pcategoryid, name, id);
    await sql`update categories set ctgrname = ${name}, ctgrengname = ${engname} where categoryid = ${id}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'updateAdminCategory',
      objectType: 'category',
      objectId: id,
      before: { name: before.ctgrname, engname: before.ctgrengname },
      after: { name, engname },
    });
    return listCategories(tx);
  });
}

/** A branch under another parent, last among its new siblings; every category of the branch takes its new depth. */
export async function moveCategory(db: Db, author: AuditActor, id: number, parentid: number): Promise<AdminCategory[]> {
  return db.transaction().execute(async (tx) => {
    const tree = await lockedTree(tx);
    const self = tree.find((c) => c.categoryid === id);
    if (!self) return fail(404, NOT_FOUND);
    const refusal = moveRefusal(tree, id, parentid);
    if (refusal === 'unknown') fail(404, NO_PARENT);
    if (refusal === 'cycle') fail(400, INTO_ITSELF);
    if (refusal === 'depth') fail(400, TOO_DEEP);
    const before = { parentid: self.parentid, sort: self.sort };
    if (self.parentid === parentid) return listCategories(tx);
    ensureNameFree(tree, parentid, self.name, id);
    const sort = nextSort(tree, parentid);
    await sql`update categories set pcategoryid = ${parentid}, sort = ${sort} where categoryid = ${id}`.execute(tx);
    const moved = tree.map((c) => (c.categoryid === id ? { ...c, parentid } : c));
    const branch = subtreeOf(moved, id);
    for (const cid of branch) {
      await sql`update categories set depth = ${depthOf(moved, cid)} where categoryid = ${cid}`.execute(tx);
    }
    const relinkedbanners = await relinkBanners(tx, branch, topOf(moved, id));
    await recordAudit(tx, author, { operation: 'moveAdminCategory', objectType: 'category', objectId: id, before, after: { parentid, sort, relinkedbanners } });
    return listCategories(tx);
  });
}

/** The top category above `id` (itself at the top). */
function topOf(tree: readonly TreeNode[], id: number): number {
  const parent = new Map(tree.map((c) => [c.categoryid, c.parentid]));
  let at = id;
  for (let hops = 0; (parent.get(at) ?? 0) !== 0 && hops < MAX_CATEGORY_DEPTH; hops++) at = parent.get(at)!;
  return at;
}

/**
 * A class-list address names its category's top (`/classList/{categoryid}/{top}`, as the menu links), and a list under
 * another top is empty: banners linking into the moved branch are given its new top, so they still land on its classes.
 */
async function relinkBanners(tx: Db, branch: readonly number[], top: number): Promise<number[]> {
  const linked = await all(tx, sql<{ bannerid: number; link: string }>`select bannerid, link from banners where link like '/classList/%'`);
  const relinked: number[] = [];
  for (const b of linked) {
    const m = /^\/classList\/(\d+)\/(\d+)$/.exec(b.link);
    if (!m || !branch.includes(Number(m[1])) || Number(m[2]) === top) continue;
    await sql`update banners set link = ${`/classList/${m[1]}/${top}`} where bannerid = ${b.bannerid}`.execute(tx);
    relinked.push(b.bannerid);
  }
  return relinked;
}

/** One parent's children in a new order: the body names each of them once (409 otherwise: someone changed them). */
export async function reorderCategories(db: Db, author: AuditActor, order: CategoryOrder): Promise<AdminCategory[]> {
  return db.transaction().execute(async (tx) => {
    const tree = await lockedTree(tx);
    const children = tree
      .filter((c) => c.parentid === order.parentid)
      .sort((a, b) => a.sort - b.sort || a.categoryid - b.categoryid)
      .map((c) => c.categoryid);
    const named = order.categoryids;
    const same = named.length === children.length && new Set(named).size === named.length && named.every((x) => children.includes(x));
    if (!same) fail(409, ORDER_CHANGED);
    for (const [i, cid] of named.entries()) await sql`update categories set sort = ${i + 1} where categoryid = ${cid}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'reorderAdminCategories',
      objectType: 'category',
      objectId: order.parentid,
      before: { categoryids: children },
      after: { categoryids: named },
    });
    return listCategories(tx);
  });
}

/**
 * Removes a category that holds no class (in any state) and no sub-category; 409 saying how many otherwise. Its row
 * is locked first, so a class being added to it at this moment is counted (or waits and then finds it gone).
 */
export async function deleteCategory(db: Db, author: AuditActor, id: number): Promise<AdminCategory[]> {
  return db.transaction().execute(async (tx) => {
    await lockedTree(tx);
    const row = await one(tx, sql<{ pcategoryid: number; ctgrname: string; ctgrengname: string }>`
      select pcategoryid, ctgrname, ctgrengname from categories where categoryid = ${id} for update`);
    if (!row) return fail(404, NOT_FOUND);
    const classes = (await one(tx, sql<{ n: number }>`select count(*)::int as n from lectures where categoryid = ${id}`))!.n;
    if (classes > 0) fail(409, hasClasses(classes));
    const children = (await one(tx, sql<{ n: number }>`select count(*)::int as n from categories where pcategoryid = ${id}`))!.n;
    if (children > 0) fail(409, hasChildren(children));
    await sql`delete from categories where categoryid = ${id}`.execute(tx);
    // Its kept counts (category_counts, migration 012) are rows of zero by now: they go with it.
    await sql`delete from category_counts where categoryid = ${id}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'deleteAdminCategory',
      objectType: 'category',
      objectId: id,
      before: { parentid: row.pcategoryid, name: row.ctgrname, engname: row.ctgrengname },
      after: null,
    });
    return listCategories(tx);
  });
}
