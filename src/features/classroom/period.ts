import { formatDate } from '../../lib/format';

const DAY_MS = 86_400_000;

/** "2024.03.02" → days since 1970 of that calendar date. */
function dayNumber(koreanDate: string): number {
  const [y, m, d] = koreanDate.split('.').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS;
}

/**
 * Calendar days from today to the expiry date, both on Korean time: a class ending today has 0 days left,
 * tomorrow 1. Negative once it has ended.
 */
export function daysLeft(expiredate: string, now: Date = new Date()): number {
  return dayNumber(formatDate(expiredate)) - dayNumber(formatDate(now.toISOString()));
}

/** The period line of a class card: "2024.03.02 – 2024.06.01". */
export function periodText(startdate: string, expiredate: string): string {
  return `${formatDate(startdate)} – ${formatDate(expiredate)}`;
}

/** "D-5 · 5일 남음" style label; "오늘 종료" on the last day, "수강 종료" after it. */
export function daysLeftText(expiredate: string, isexpired: boolean, now: Date = new Date()): string {
  const days = daysLeft(expiredate, now);
  if (isexpired || days < 0) return '수강 종료';
  return days === 0 ? '오늘 종료' : `${days}일 남음`;
}
