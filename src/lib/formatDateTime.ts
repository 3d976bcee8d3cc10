/** Korea keeps UTC+9 all year, so a fixed offset gives Seoul wall time (as in format.ts). */
const KST_OFFSET_MS = 9 * 3600_000;

/**
 * Date-time → "2024.03.15 14:31" on Korean time, for receipts. Kept out of format.ts, which travels with the
 * first paint, because only member pages show times.
 */
export function formatDateTimeKst(value: string): string {
  const at = /([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? Date.parse(value) : Number.NaN;
  const text = Number.isNaN(at) ? value.replace(' ', 'T') : new Date(at + KST_OFFSET_MS).toISOString();
  return `${text.slice(0, 10).replace(/-/g, '.')} ${text.slice(11, 16)}`;
}
