import { describe, expect, it } from 'vitest';
import { depthOf, heightOf, mayAddUnder, moveRefusal, subtreeOf, type TreeNode } from './categoryTree';

// The demo's shape: 필라테스(1) › 매트(11) › 입문(111), 중급(112); 기구(12) › 리포머(121); 재활(2) › 척추(21); 지도자과정(3).
const TREE: TreeNode[] = [
  { categoryid: 1, parentid: 0 },
  { categoryid: 2, parentid: 0 },
  { categoryid: 3, parentid: 0 },
  { categoryid: 11, parentid: 1 },
  { categoryid: 12, parentid: 1 },
  { categoryid: 21, parentid: 2 },
  { categoryid: 111, parentid: 11 },
  { categoryid: 112, parentid: 11 },
  { categoryid: 121, parentid: 12 },
];

describe('the category tree rules', () => {
  it('measures depth from the top and height from a category down', () => {
    expect([1, 11, 111, 999].map((id) => depthOf(TREE, id))).toEqual([1, 2, 3, 0]);
    expect([1, 11, 111, 3].map((id) => heightOf(TREE, id))).toEqual([3, 2, 1, 1]);
    expect(subtreeOf(TREE, 1).sort((a, b) => a - b)).toEqual([1, 11, 12, 111, 112, 121]);
  });

  it('adds children down to the third level only', () => {
    expect([0, 1, 11].map((id) => mayAddUnder(TREE, id))).toEqual([true, true, true]);
    expect(mayAddUnder(TREE, 111)).toBe(false);
    expect(mayAddUnder(TREE, 999)).toBe(false);
  });

  it('refuses a move under itself or its own descendants', () => {
    expect(moveRefusal(TREE, 1, 1)).toBe('cycle');
    expect(moveRefusal(TREE, 1, 11)).toBe('cycle');
    expect(moveRefusal(TREE, 11, 111)).toBe('cycle');
  });

  it('refuses a move that would put a descendant below the third level', () => {
    // 매트 has a level below it: under 척추 (level 2) its children would be level 4.
    expect(moveRefusal(TREE, 11, 21)).toBe('depth');
    // Under 재활 (level 1) it fits: 매트 level 2, 입문 level 3.
    expect(moveRefusal(TREE, 11, 2)).toBeNull();
    // A whole three-level branch fits only at the top.
    expect(moveRefusal(TREE, 1, 3)).toBe('depth');
    expect(moveRefusal(TREE, 111, 0)).toBeNull();
    expect(moveRefusal(TREE, 111, 21)).toBeNull();
  });

  it('refuses unknown categories and parents', () => {
    expect(moveRefusal(TREE, 999, 0)).toBe('unknown');
    expect(moveRefusal(TREE, 11, 999)).toBe('unknown');
  });

  it('ends on a corrupt loop instead of spinning', () => {
    const loop: TreeNode[] = [
      { categoryid: 5, parentid: 6 },
      { categoryid: 6, parentid: 5 },
    ];
    expect(depthOf(loop, 5)).toBe(0);
    expect(heightOf(loop, 5)).toBeLessThanOrEqual(3);
  });
});
