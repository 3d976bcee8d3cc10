const koNumber = new Intl.NumberFormat('ko-KR');

/** Point sums with thousands separators; 0 when empty or not positive (spec §9). */
export function formatPoints(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '0';
  return koNumber.format(n);
}
