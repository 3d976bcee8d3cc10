// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * Parsers for route path params (`params.parse`; `stringify` is `String`): a route reads its ids once, as numbers,
 * and screens and loaders take them from there.
 */

/** A numeric id from the address; anything else reads as 0 (the backend answers an empty list or not-found). */
export function idParam(value: string): number {
  return Number(value) || 0;
}
