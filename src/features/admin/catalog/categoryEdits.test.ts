import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '../../../api/queries/admin-catalog';
import { childrenOf, mayHaveChild, moveTargets, swappedOrder, TOP_LABEL } from './categoryEdits';

const cat = (categoryid: number, parentid: number, name: string, sort: number, depth: number): AdminCategory => ({
  categoryid,
  parentid,
  name,
  engname: '',
  depth,
  sort,
  isactive: true,
  classcount: 0,
});
// 필라테스 › 매트 › 입문; 필라테스 › 기구; 재활 › 척추
const LIST = [cat(1, 0, '필라테스', 1, 1), cat(2, 0, '재활', 2, 1), cat(11, 1, '매트', 1, 2), cat(12, 1, '기구', 2, 2), cat(111, 11, '입문', 1, 3), cat(21, 2, '척추', 1, 2)];

describe('the category tree editor', () => {
  it('lists a parent’s children in their order', () => {
    expect(childrenOf(LIST, 1).map((c) => c.categoryid)).toEqual([11, 12]);
    expect(childrenOf(LIST, 0).map((c) => c.categoryid)).toEqual([1, 2]);
  });

  it('swaps a category with its neighbour, and does nothing at an end', () => {
    expect(swappedOrder(LIST, 12, -1)).toEqual({ parentid: 1, categoryids: [12, 11] });
    expect(swappedOrder(LIST, 1, 1)).toEqual({ parentid: 0, categoryids: [2, 1] });
    expect(swappedOrder(LIST, 11, -1)).toBeNull();
    expect(swappedOrder(LIST, 2, 1)).toBeNull();
    expect(swappedOrder(LIST, 999, 1)).toBeNull();
  });

  it('offers only the places a branch fits: not under itself, not past three levels, not where it is', () => {
    // 매트 has a child: it fits at the top or under a top category, never under 척추 or 기구 (level 2).
    expect(moveTargets(LIST, 11).map((o) => o.categoryid)).toEqual([0, 2]);
    expect(moveTargets(LIST, 11)[0]!.label).toBe(TOP_LABEL);
    // 입문 (a leaf) fits anywhere above the third level but its own parent.
    expect(moveTargets(LIST, 111).map((o) => o.categoryid)).toEqual([0, 1, 12, 2, 21]);
    // 필라테스 spans three levels: it can go nowhere but where it is.
    expect(moveTargets(LIST, 1)).toEqual([]);
  });

  it('adds children down to the third level', () => {
    expect([1, 11, 111].map((id) => mayHaveChild(LIST, id))).toEqual([true, true, false]);
  });
});
