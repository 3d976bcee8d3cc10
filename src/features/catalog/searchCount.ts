import { SEARCH_MATCH_LIMIT } from '../../../rules/search';

/**
 * The number of classes a search found, as the search page says it: the server counts a search up to
 * SEARCH_MATCH_LIMIT (rules/search.ts), so a total at the limit means "that many or more".
 */
export function searchCount(totalCount: number): string {
  if (totalCount >= SEARCH_MATCH_LIMIT) return `${SEARCH_MATCH_LIMIT.toLocaleString('ko-KR')}개 이상`;
  return `${totalCount.toLocaleString('ko-KR')}개`;
}
