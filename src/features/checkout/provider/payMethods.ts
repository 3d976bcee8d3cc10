/** How a member can pay: card, or one of the easy-pay providers the store has a channel for. */
export type PayMethod = 'card' | 'kakaopay' | 'naverpay' | 'tosspay';

export const PAY_METHODS: readonly PayMethod[] = ['card', 'kakaopay', 'naverpay', 'tosspay'];

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  card: '신용·체크카드',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
};

/** Korean card issuers allow installments from 50,000원 (PortOne's guidance as well). */
export const INSTALLMENT_MIN_AMOUNT = 50_000;
/** 0 = 일시불; 2–12 개월 (1개월 is 일시불 at every issuer, so it is not offered). */
export const INSTALLMENT_MONTHS: readonly number[] = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The member's choice on the payment page. */
export interface PayChoice {
  method: PayMethod;
  /** 0 = 일시불. */
  installmentMonth: number;
}

export const DEFAULT_PAY_CHOICE: PayChoice = { method: 'card', installmentMonth: 0 };

export const installmentsAllowed = (method: PayMethod, amount: number) => method === 'card' && amount >= INSTALLMENT_MIN_AMOUNT;

export const installmentLabel = (months: number) => (months >= 2 ? `${months}개월` : '일시불');

/** What is sent to the provider: an installment only where it is allowed, and only a month that exists. */
export function settledChoice(choice: PayChoice, amount: number, offered: readonly PayMethod[]): PayChoice {
  const method = offered.includes(choice.method) ? choice.method : (offered[0] ?? 'card');
  const months =
    installmentsAllowed(method, amount) && INSTALLMENT_MONTHS.includes(choice.installmentMonth) ? choice.installmentMonth : 0;
  return { method, installmentMonth: months };
}
