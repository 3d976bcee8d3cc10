/**
 * How many lectures a search counts and pages through: the first 1,000 in the list's order (84 pages of 12).
 * A word found in a fifth of a large catalogue would otherwise be matched, counted and sorted whole on every
 * read (docs/decisions.md, issue 16); nobody pages that deep, and the screen says "1,000개 이상" instead.
 */
export const SEARCH_MATCH_LIMIT = 1000;

/**
 * The word a search looks for: lowered and without spaces, as each field is kept (migration 043), so 매트필라테스 finds
 * 매트 필라테스 and 매트 필라테스 finds 매트필라테스. A word of 초성 alone (ㄹㅍㅁ) matches the fields' 초성 form.
 */
export const searchWord = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Where a search word matched, best first: a lecture is ranked by its best field (docs/decisions.md, issue 42).
 * The lines of lecture_keys.search_text, in order, are title, teacher, tags and summary (migration 043).
 */
export const SEARCH_FIELD_RANK = { title: 0, tags: 1, summary: 1, teacher: 2 } as const;

const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** The 초성 of each Hangul syllable (가 → ㄱ), every other letter as it is. */
export const initialsOf = (text: string) =>
  [...text]
    .map((c) => {
      const k = c.codePointAt(0)! - 0xac00;
      return k >= 0 && k < 11172 ? INITIALS[Math.floor(k / 588)]! : c;
    })
    .join('');

/**
 * What a lecture is searched in (lecture_keys.search_text, kept by SQL's search_key, migration 043): one line per field
 * (title, teacher, tags, summary), each its `searchWord` form, a tab, then that form's 초성.
 */
export const searchKey = (fields: readonly string[]) =>
  fields.map((f) => `${searchWord(f)}\t${initialsOf(searchWord(f))}`).join('\n');

/**
 * The number of classes a search found, as the search page says it (and its first paint, server/http/searchFirstPaint.ts): the server counts a search up to
 * SEARCH_MATCH_LIMIT, so a total at the limit means "that many or more".
 */
export function searchCount(totalCount: number): string {
  if (totalCount >= SEARCH_MATCH_LIMIT) return `${SEARCH_MATCH_LIMIT.toLocaleString('ko-KR')}개 이상`;
  return `${totalCount.toLocaleString('ko-KR')}개`;
}
