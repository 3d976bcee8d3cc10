/**
 * Readers for route `validateSearch` functions. Route validators load with the entry chunk, so
 * these stay a few lines each rather than pulling a schema library into first paint.
 *
 * TanStack Router JSON-parses each search value before validation: `?page=2` arrives as the
 * number 2, `?success=true` as the boolean true, and only `?page=%222%22` as the string '2'.
 *
 * Enum and number readers drop a bad value to undefined, so a stale or hand-edited link still
 * opens the page with its default. String readers reject a non-string instead (the route shows
 * its error), as the schema validation before them did.
 */

/** `value` when it is one of `allowed`, otherwise undefined. */
export function optionalOneOf<const T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** `value` when it is a finite number, otherwise undefined; numeric strings are not converted. */
export function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `value` when it is a string, undefined when absent; throws for anything else. */
export function optionalString(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new TypeError(`Expected a string search param, got ${value === null ? 'null' : typeof value}`);
}

/**
 * A value another site put in the address (a sign-in provider's return), read back as the text it was:
 * the router's JSON parsing turns `?success=true` into true and `?useruid=12345` into 12345.
 */
export function optionalText(value: unknown): string | undefined {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}

/** `value` when it is a string, `fallback` when absent; throws for anything else. */
export function stringOr(value: unknown, fallback: string): string {
  return optionalString(value) ?? fallback;
}
