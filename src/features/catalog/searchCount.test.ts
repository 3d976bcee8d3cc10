import { describe, expect, it } from 'vitest';
import { SEARCH_MATCH_LIMIT } from '../../../rules/search';
import { searchCount } from './searchCount';

describe('searchCount', () => {
  it('says an exact number below the server’s search limit', () => {
    expect(searchCount(0)).toBe('0개');
    expect(searchCount(12)).toBe('12개');
    expect(searchCount(SEARCH_MATCH_LIMIT - 1)).toBe('999개');
  });

  it('says "or more" at the limit, where the server stops counting', () => {
    expect(SEARCH_MATCH_LIMIT).toBe(1000);
    expect(searchCount(SEARCH_MATCH_LIMIT)).toBe('1,000개 이상');
  });
});
