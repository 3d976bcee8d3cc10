import { describe, expect, it } from 'vitest';
import { buildCategoryTree, categoryPath, childrenOf, currentIdsFromPath, type Category } from './categories';

const cat = (categoryid: number, parentID: number, pcategoryid: number, name: string): Category => ({
  id: categoryid,
  categoryid,
  parentID,
  pcategoryid,
  ctgrname: name,
  ctgrengname: name,
  hasChildren: true,
});

const flat: Category[] = [
  cat(1, 0, 1, '필라테스'),
  cat(2, 0, 2, '재활'),
  cat(11, 1, 1, '매트'),
  cat(12, 1, 1, '기구'),
  cat(21, 2, 2, '척추'),
  cat(111, 11, 1, '입문'),
  cat(112, 11, 1, '중급'),
  cat(211, 21, 2, '허리디스크'),
  cat(1111, 111, 1, '너무 깊음'),
  cat(999, 77, 77, '고아'),
];

describe('currentIdsFromPath', () => {
  it('reads second-to-last and last segments, hash removed', () => {
    expect(currentIdsFromPath('/classList/111/1#reviews')).toEqual({ categoryid: 111, subid: 1 });
    expect(currentIdsFromPath('/classList/21/2?x=1')).toEqual({ categoryid: 21, subid: 2 });
  });
  it('gives no ids for addresses without numeric segments', () => {
    expect(currentIdsFromPath('/main')).toEqual({ categoryid: undefined, subid: undefined });
    expect(currentIdsFromPath('/')).toEqual({ categoryid: undefined, subid: undefined });
  });
});

describe('buildCategoryTree', () => {
  it('builds three levels from parentID with menuName and rootid', () => {
    const tree = buildCategoryTree(flat);
    expect(tree.map((n) => n.menuName)).toEqual(['필라테스', '재활']);
    const mat = tree[0]!.subMenu[0]!;
    expect(mat.menuName).toBe('매트');
    expect(mat.rootid).toBe(1);
    expect(mat.subMenu.map((n) => n.menuName)).toEqual(['입문', '중급']);
    expect(mat.subMenu[0]!.rootid).toBe(1);
  });
  it('stops at three levels: third-level items have no children', () => {
    const third = buildCategoryTree(flat)[0]!.subMenu[0]!.subMenu[0]!;
    expect(third.subMenu).toEqual([]);
    expect(third.hasChildren).toBe(false);
  });
  it('skips items whose parent is not in the list', () => {
    const names = JSON.stringify(buildCategoryTree(flat));
    expect(names).not.toContain('고아');
  });
  it('marks the current category and its parents on, nothing else', () => {
    const tree = buildCategoryTree(flat, currentIdsFromPath('/classList/111/1'));
    const [pilates, rehab] = tree;
    expect(pilates!.on).toBe(true);
    expect(pilates!.subMenu[0]!.on).toBe(true); // 매트, parent of 입문
    expect(pilates!.subMenu[0]!.subMenu[0]!.on).toBe(true); // 입문
    expect(pilates!.subMenu[0]!.subMenu[1]!.on).toBe(false);
    expect(pilates!.subMenu[1]!.on).toBe(false);
    expect(rehab!.on).toBe(false);
  });
  it('marks the sub-category of the last segment', () => {
    const tree = buildCategoryTree(flat, { subid: 21 });
    expect(tree[1]!.on).toBe(true);
    expect(tree[1]!.subMenu[0]!.on).toBe(true);
    expect(tree[0]!.on).toBe(false);
  });
  it('marks nothing when no ids match', () => {
    const tree = buildCategoryTree(flat, {});
    expect(JSON.stringify(tree)).not.toContain('"on":true');
  });
});

const list = [cat(1, 0, 1, '필라테스'), cat(11, 1, 1, '매트'), cat(111, 11, 1, '입문'), cat(112, 11, 1, '중급'), cat(2, 0, 2, '재활')];

describe('category path', () => {
  it('walks from a third-level category up to the top level', () => {
    expect(categoryPath(list, 111).map((c) => c.ctgrname)).toEqual(['필라테스', '매트', '입문']);
  });
  it('is empty for an unknown category', () => {
    expect(categoryPath(list, 999)).toEqual([]);
  });
  it('lists the children of a category', () => {
    expect(childrenOf(list, 11).map((c) => c.categoryid)).toEqual([111, 112]);
  });
});
