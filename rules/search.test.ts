import { describe, expect, it } from 'vitest';
import { SEARCH_MATCH_LIMIT, initialsOf, searchCount, searchKey, searchWord } from './search';

describe('search words and keys (issue 42)', () => {
  it('a word is looked for lowered and without spaces', () => {
    expect(searchWord(' 매트  필라테스 ')).toBe('매트필라테스');
    expect(searchWord('Reformer\tPILATES')).toBe('reformerpilates');
  });
  it('초성 of Hangul syllables, other letters kept', () => {
    expect(initialsOf('리포머')).toBe('ㄹㅍㅁ');
    expect(initialsOf('가힣까')).toBe('ㄱㅎㄲ');
    expect(initialsOf('10분 a!')).toBe('10ㅂ a!');
    expect(initialsOf('ㄹㅍㅁ')).toBe('ㄹㅍㅁ');
  });
  it('a key has a line per field: its letters without spaces, a tab, their 초성', () => {
    expect(searchKey(['리포머 기초', '한리포머 강사', '유료,입문', ''])).toBe(
      '리포머기초\tㄹㅍㅁㄱㅊ\n한리포머강사\tㅎㄹㅍㅁㄱㅅ\n유료,입문\tㅇㄹ,ㅇㅁ\n\t',
    );
  });
});
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
