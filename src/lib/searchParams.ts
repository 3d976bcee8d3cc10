// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/**
 * Readers for route `validateSearch` functions. Route validators load with the entry chunk, so
 * these stay a few lines each rather than pulling a schema library into first paint.
 *
 * TanStack Router JSON-parses each search value before validation: `?page=2` arrives as the
 * number 2, `?success=true` as the boolean true, and only `?page=%222%22` as the string '2'.
 *
 * Every reader drops a bad value to undefined (or its fallback), so a stale, hand-edited or outside
 * link still opens the page with its default instead of an error page.
 */

/** `value` when it is one of `allowed`, otherwise undefined. */
export function optionalOneOf<const T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** `value` when it is a finite number, otherwise undefined; numeric strings are not converted. */
export function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Text as it was typed in the address: the router's JSON parsing turns `?schtext=123` into 123 and a
 * sign-in provider's `?success=true` into true; both read back as text. Objects and arrays read as absent.
 */
export function optionalText(value: unknown): string | undefined {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}

/** Text as typed (see optionalText), `fallback` when absent or unreadable. */
export function textOr(value: unknown, fallback: string): string {
  return optionalText(value) ?? fallback;
}

/** A page number from the address: a whole number ≥ 1, else 1. */
export function pageOr1(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 1;
}

/**
 * Search middleware: leaves values equal to their default out of the address (`/classList/1/1`, not
 * `?sort=recent&page=1`), since validateSearch fills them back in. A few lines instead of the router's
 * stripSearchParams, which brings its map/deep-equal bookkeeping into the first-paint chunk; defaults here are
 * plain strings and numbers.
 */
export function dropDefaults<T extends object>(defaults: Partial<T>): (ctx: { search: T; next: (search: T) => T }) => T {
  return ({ search, next }) => {
    const out: Partial<T> = { ...next(search) };
    for (const key in defaults) if (out[key] === defaults[key]) delete out[key];
    return out as T;
  };
}
