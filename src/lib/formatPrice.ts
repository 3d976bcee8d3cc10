// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** The lecture card's price figures, the first-paint part of format.ts (which re-exports them). */

/** ko-KR thousands separators, shared with format.ts. */
export const koNumber = new Intl.NumberFormat('ko-KR');

/** 89000 → "89,000원". */
export function formatWon(value: number): string {
  return `${koNumber.format(value)}원`;
}

/** Discount percent shown next to a sale price; 0 when there is none. */
export function discountPercent(price: number, saleprice: number): number {
  if (price <= 0 || saleprice >= price) return 0;
  return Math.round(((price - saleprice) / price) * 100);
}
