/** Every number and date a member reads, formatted once: ko-KR separators (Intl), dates on Korean time (spec §9). */
import { koNumber } from './formatPrice';

// The lecture card's price (formatWon, discountPercent) is on the first paint: formatPrice.ts, re-exported here.
export * from './formatPrice';

/** Korea keeps UTC+9 all year (no daylight saving): a fixed offset gives the Seoul date without a time-zone table. */
const KST_OFFSET_MS = 9 * 3600_000;

/** 1234567 → "1,234,567" (counts: members, students, classes). */
export function formatCount(value: number): string {
  return koNumber.format(value);
}

/** Point sums with thousands separators; 0 when empty or not positive. */
export function formatPoints(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (n === null || n === undefined || !Number.isFinite(n) || n <= 0) return '0';
  return koNumber.format(n);
}

/**
 * Seconds → "12시간 30분" / "45분": a section's or a class's length. Its videos' seconds are summed first and the sum is
 * rounded once, to the nearest minute (issue 42, finding 9), so a total never adds up rounded parts; a single video's
 * length is shown exactly, by formatClock.
 */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  if (h && m) return `${h}시간 ${m}분`;
  return h ? `${h}시간` : `${m}분`;
}

/**
 * A video's length or a point in it, as the player shows it: 397 → "6:37", 3723 → "1:02:03". The one format for a
 * single video's time everywhere (curriculum, notes, resume point, the player's own time display). Fractions are cut,
 * not rounded, as media-chrome's time display cuts them (its formatTime floors): a lesson the browser measures at
 * 396.9 s reads "6:36" in the player, so the curriculum must read the same, never "6:37".
 */
export function formatClock(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Date-time → "2024.03.02" on Korean time. A value with a zone (Z, +09:00) is converted to KST; the backend's
 * zone-less text is already KST wall time (docs/decisions.md, reference backend), so its date is read as written.
 */
export function formatDate(value: string): string {
  const at = /([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? Date.parse(value) : Number.NaN;
  return (Number.isNaN(at) ? value : new Date(at + KST_OFFSET_MS).toISOString()).slice(0, 10).replace(/-/g, '.');
}
