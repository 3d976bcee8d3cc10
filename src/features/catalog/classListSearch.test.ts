import { describe, expect, it } from 'vitest';
import { pageOf, parseClassListSearch, sortOf } from './classListSearch';

describe('class list search params', () => {
  it('keeps a known sort and a positive page', () => {
    const s = parseClassListSearch({ sort: 'popular', page: 3 });
    expect(sortOf(s)).toBe('popular');
    expect(pageOf(s)).toBe(3);
  });
  it('falls back to 최신순 and page 1 for anything else', () => {
    const s = parseClassListSearch({ sort: 'cheapest', page: 'x' });
    expect(sortOf(s)).toBe('recent');
    expect(pageOf(s)).toBe(1);
    expect(pageOf({ page: -2 })).toBe(1);
    expect(pageOf({ page: 1.5 })).toBe(1);
  });
});
