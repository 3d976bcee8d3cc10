// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
const won = new Intl.NumberFormat('ko-KR');

/** 89000 → "89,000원" (spec §9: ko-KR separators). */
export function formatWon(value: number): string {
  return `${won.format(value)}원`;
}

/** Discount percent shown next to a sale price; 0 when there is none. */
export function discountPercent(price: number, saleprice: number): number {
  if (price <= 0 || saleprice >= price) return 0;
  return Math.round(((price - saleprice) / price) * 100);
}

/** Seconds → "12시간 30분" / "45분". */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  if (h && m) return `${h}시간 ${m}분`;
  return h ? `${h}시간` : `${m}분`;
}

/** ISO date-time → "2024.03.02". */
export function formatDate(iso: string): string {
  const d = iso.slice(0, 10);
  return d.replace(/-/g, '.');
}
