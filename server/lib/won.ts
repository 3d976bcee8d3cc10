/** 89000 → "89,000원": the store's one way of writing an amount (the app's is src/lib/formatPrice.ts). */
export const won = (n: number): string => `${n.toLocaleString('ko-KR')}원`;
