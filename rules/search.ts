/**
 * How many lectures a search counts and pages through: the first 1,000 in the list's order (84 pages of 12).
 * A word found in a fifth of a large catalogue would otherwise be matched, counted and sorted whole on every
 * read (docs/decisions.md, issue 16); nobody pages that deep, and the screen says "1,000개 이상" instead.
 */
export const SEARCH_MATCH_LIMIT = 1000;
