import { productKey } from '../../lib/productKeys';

/**
 * The card answer of the payment in progress, kept for this tab (sessionStorage, product-prefixed so logout
 * clears it). After a reload the payment page finds it and resumes from the server's order instead of
 * opening the card window again.
 */
const KEY = productKey('checkoutAttempt');

export interface StoredAttempt {
  paymentid: number;
  pgtid: string;
  contentsids: number[];
}

export function rememberAttempt(attempt: StoredAttempt): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(attempt));
  } catch {
    /* storage disabled: a reload then starts over, and Save re-uses the open order */
  }
}

export function forgetAttempt(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* storage disabled */
  }
}

/** The stored attempt when it is for these lectures. */
export function attemptFor(contentsids: number[]): StoredAttempt | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const a = raw ? (JSON.parse(raw) as StoredAttempt) : null;
    if (!a || typeof a.paymentid !== 'number' || typeof a.pgtid !== 'string' || !Array.isArray(a.contentsids)) return null;
    const same = [...a.contentsids].sort().join(',') === [...contentsids].sort().join(',');
    return same ? a : null;
  } catch {
    return null;
  }
}
