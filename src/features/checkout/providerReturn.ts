/**
 * The query a redirect-style provider returns with (PortOne V2: paymentId, txId; code and message on failure), plus
 * the store's own `paymentid` the redirectUrl carried.
 */
export interface ProviderReturn {
  /** The store's order id, carried in the redirectUrl itself (PortOne's `paymentId` is its own id for the order). */
  paymentid?: string;
  paymentId?: string;
  txId?: string;
  code?: string;
  message?: string;
}

/** Read as typed text from the address (the router would turn `?paymentId=7001` into a number). */
export function providerReturnOf(search: string): ProviderReturn {
  const q = new URLSearchParams(search);
  const out: ProviderReturn = {};
  for (const name of ['paymentid', 'paymentId', 'txId', 'code', 'message'] as const) {
    const v = q.get(name);
    if (v !== null) out[name] = v;
  }
  return out;
}

/** `?paymentid=` of the result pages; 0 when absent or not a positive whole number. */
export function paymentIdOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('paymentid'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}
