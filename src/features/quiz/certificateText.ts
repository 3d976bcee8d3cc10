import { formatDate } from '../../lib/format';

/** "2026.11.23" → "2026년 11월 23일": the completion date on Korean time, as a certificate writes it. */
export function longKoreanDate(value: string): string {
  const [y, m, d] = formatDate(value).split('.');
  return `${y}년 ${Number(m)}월 ${Number(d)}일`;
}
