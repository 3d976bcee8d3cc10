import { describe, expect, it } from 'vitest';
import { parseClassListSearch as parse } from './classListSearch';

/** What the router hands validateSearch: whatever the address held. */
const parseClassListSearch = (search: Record<string, unknown>) => parse(search as Parameters<typeof parse>[0]);

describe('class list search params', () => {
  it('keeps a known sort and a positive page', () => {
    expect(parseClassListSearch({ sort: 'popular', page: 3 })).toEqual({ sort: 'popular', page: 3 });
  });
  it('falls back to 최신순 and page 1 for anything else', () => {
    expect(parseClassListSearch({ sort: 'cheapest', page: 'x' })).toEqual({ sort: 'recent', page: 1 });
    expect(parseClassListSearch({ page: -2 }).page).toBe(1);
    expect(parseClassListSearch({ page: 1.5 }).page).toBe(1);
    expect(parseClassListSearch({})).toEqual({ sort: 'recent', page: 1 });
  });
});
