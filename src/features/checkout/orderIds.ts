/**
 * The lectures of /payment/{contentsids}: ids joined by commas (`121,126`); any other separator is read too,
 * so a link from an older cart still opens the page. Duplicates and non-positive ids are dropped.
 */
export function orderIdsOf(param: string): number[] {
  const ids = param
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2147483647);
  return [...new Set(ids)];
}
