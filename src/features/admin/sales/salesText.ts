import type { AdminSalesFigures, AdminSalesGrouping } from '../../../api/queries/admin-sales';

type Method = keyof AdminSalesFigures['methods'];

/** The methods as the orders list names them; 할부 is part of 카드, shown under it. */
export const METHOD_LABEL: Record<Method, string> = {
  card: '카드',
  installment: '할부 (카드 중)',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
};

/** What the first column of a grouping holds. */
export const ROW_HEADER: Record<AdminSalesGrouping, string> = { day: '일자', week: '주 (월요일부터)', month: '월', class: '클래스' };

/** A method's share of the gross, in whole percent; 0 when nothing was sold. */
export const shareOf = (amount: number, gross: number): number => (gross > 0 ? Math.round((amount / gross) * 100) : 0);
