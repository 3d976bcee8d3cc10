import { describe, expect, it } from 'vitest';
import { categoryOptions } from './categoryTree';

const cat = (categoryid: number, parentid: number, name: string, sort: number, depth: number) => ({
  categoryid,
  parentid,
  name,
  engname: name,
  depth,
  sort,
  isactive: true,
  classcount: 0,
});

describe('the category select', () => {
  it('lists each parent before its children, by sort, indented by depth', () => {
    const options = categoryOptions([cat(2, 0, '재활', 2, 1), cat(11, 1, '매트', 1, 2), cat(1, 0, '필라테스', 1, 1), cat(111, 11, '입문', 1, 3), cat(21, 2, '척추', 1, 2)]);
    expect(options.map((o) => o.categoryid)).toEqual([1, 11, 111, 2, 21]);
    expect(options.map((o) => o.label)).toEqual(['필라테스', '\u3000└ 매트', '\u3000\u3000└ 입문', '재활', '\u3000└ 척추']);
  });
});
