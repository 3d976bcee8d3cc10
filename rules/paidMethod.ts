/**
 * How an order was paid, in the words every screen uses (issue 42): the member's result page, history, order detail,
 * receipt and refund dialog, and the console's orders. Read from the server's record of the payment (the provider's
 * own method, PortOne's in live mode), never from what the payment page offered. Pure: rules/ imports nothing.
 */

/** The provider's method as the store records it (payments.paid_method), or `free` when nothing was charged. */
export type PaidMethod = 'card' | 'kakaopay' | 'naverpay' | 'tosspay' | 'free';

export const PAID_METHOD_NAME: Record<PaidMethod, string> = {
  card: '신용카드',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
  free: '무료',
};

/** 신용카드 (일시불) or 신용카드 (할부 n개월), an easy pay by name, 무료; '-' while the provider has not said. */
export function paidMethodText(method: PaidMethod | null | undefined, installmentMonth: number): string {
  if (!method) return '-';
  if (method === 'card') return installmentMonth >= 2 ? `신용카드 (할부 ${installmentMonth}개월)` : '신용카드 (일시불)';
  return PAID_METHOD_NAME[method];
}

/** Where a refund goes back to, as the refund dialog names it: "카카오페이 환불 금액", "카드 환불 금액". */
export const refundedTo = (method: PaidMethod | null | undefined): string =>
  method === 'kakaopay' || method === 'naverpay' || method === 'tosspay' ? PAID_METHOD_NAME[method] : '카드';
