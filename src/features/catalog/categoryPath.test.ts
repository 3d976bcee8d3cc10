import { describe, expect, it } from 'vitest';
import { categoryPath, childrenOf } from './categoryPath';

const cat = (categoryid: number, parentID: number, ctgrname: string) => ({
  id: categoryid, categoryid, parentID, pcategoryid: 1, ctgrname, ctgrengname: '', hasChildren: false,
});
const list = [cat(1, 0, '필라테스'), cat(11, 1, '매트'), cat(111, 11, '입문'), cat(112, 11, '중급'), cat(2, 0, '재활')];

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
