import type { AdminOrderMethod, AdminOrderRow } from '../../../api/queries/admin-orders';

/** The order's status as the console says it (the member's history says the same words: 부분환불, 환불완료). */
export const STATUS_LABEL: Record<AdminOrderRow['status'], string> = {
  ready: '결제대기',
  paid: '결제완료',
  partially_refunded: '부분환불',
  refunded: '환불완료',
  cancelled: '결제취소',
  failed: '결제실패',
};

/** The console's badge colour of each status (admin.css). */
export const STATUS_BADGE: Record<AdminOrderRow['status'], string> = {
  ready: 'admin-badge--scheduled',
  paid: 'admin-badge--published',
  partially_refunded: 'admin-badge--scheduled',
  refunded: 'admin-badge--draft',
  cancelled: 'admin-badge--draft',
  failed: 'admin-badge--hidden',
};

/** The method filter's choices. */
export const METHOD_FILTER_LABEL: Record<AdminOrderMethod, string> = {
  card: '신용카드',
  installment: '신용카드 할부',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
  free: '무료',
};

/** How an order was paid: 신용카드 with 일시불 or 할부 n개월, an easy pay, 무료; '-' while the provider has not said. */
export function methodText(o: Pick<AdminOrderRow, 'method' | 'installmentmonth'>): string {
  if (!o.method) return '-';
  if (o.method === 'card') return o.installmentmonth >= 2 ? `신용카드 (할부 ${o.installmentmonth}개월)` : '신용카드 (일시불)';
  return METHOD_FILTER_LABEL[o.method];
}

/** The provider record's status in Korean. */
export const PROVIDER_STATUS_LABEL: Record<string, string> = {
  READY: '결제 전',
  PAY_PENDING: '결제 확인 중',
  VIRTUAL_ACCOUNT_ISSUED: '가상계좌 발급',
  PAID: '결제 완료',
  FAILED: '결제 실패',
  CANCELLED: '전액 취소',
  PARTIAL_CANCELLED: '부분 취소',
};
