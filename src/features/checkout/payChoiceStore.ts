import { DEFAULT_PAY_CHOICE, type PayChoice } from './provider/payMethods';

/**
 * The method and installment picked on the payment page, read by the pay step when 결제하기 is pressed. It lives
 * beside the checkout machine, not in it: the server's order does not depend on it, only the provider's window.
 */
let current: PayChoice = DEFAULT_PAY_CHOICE;
const listeners = new Set<() => void>();

export const payChoice = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
  set(next: PayChoice) {
    current = next;
    listeners.forEach((l) => l());
  },
  /** A new payment page starts from card, 일시불. */
  reset() {
    current = DEFAULT_PAY_CHOICE;
    listeners.forEach((l) => l());
  },
};
