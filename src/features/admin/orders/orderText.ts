import type { AdminOrderMethod, AdminOrderRow } from '../../../api/queries/admin-orders';
import { PAID_METHOD_NAME, paidMethodText } from '../../../../rules/paidMethod';

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

/** The method filter's choices: the member's screens' names (rules/paidMethod.ts), and 할부 apart. */
export const METHOD_FILTER_LABEL: Record<AdminOrderMethod, string> = { ...PAID_METHOD_NAME, installment: '신용카드 할부' };

/** How an order was paid, in the words the member's receipt uses (one function for every screen). */
export const methodText = (o: Pick<AdminOrderRow, 'method' | 'installmentmonth'>): string =>
  paidMethodText(o.method, o.installmentmonth);

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
