import type { Db } from '../db/database';

/**
 * The payment provider as the store sees it: PortOne (server/domain/portoneGateway.ts) or the demo's local test card
 * (server/domain/localGateway.ts). The store decides nothing from the browser; it reads the provider's own record here.
 */
export type ProviderPaymentStatus =
  | 'READY'
  | 'PAY_PENDING'
  | 'VIRTUAL_ACCOUNT_ISSUED'
  | 'PAID'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIAL_CANCELLED';

export interface ProviderPayment {
  paymentId: string;
  status: ProviderPaymentStatus;
  storeId: string | null;
  totalAmount: number;
  /** What the provider has cancelled (SUCCEEDED): a cancel it is still working on (REQUESTED) is not counted here. */
  cancelledAmount: number;
  /** What cancels the provider accepted but has not carried out yet add up to (PortOne's REQUESTED cancellations). */
  cancelPendingAmount: number;
  currency: string;
  txId: string | null;
  method: 'card' | 'kakaopay' | 'naverpay' | 'tosspay' | null;
  installmentMonth: number | null;
  receiptUrl: string | null;
  paidAt: string | null;
  orderName: string | null;
  customData: string | null;
  /** The store's order the provider recorded this payment for, when it keeps one (the local ledger's merchant_uid). */
  orderId?: number | null;
}

export interface CancelRequest {
  reason: string;
  /** Omitted = the whole remaining amount. */
  amount?: number;
  /** What the store believes is still cancellable; the provider refuses when its own figure differs. */
  currentCancellableAmount?: number;
}

export interface CancelResult {
  /** REQUESTED: the provider took the cancel and finishes it later (some PGs); it is not done until SUCCEEDED. */
  status: 'SUCCEEDED' | 'FAILED' | 'REQUESTED';
  cancelledAmount: number;
}

/** The provider could not be reached or answered 5xx: nothing is decided, try later. */
export class GatewayUnavailable extends Error {}

/** The provider refused a cancel (already cancelled, amount out of date, ...): `type` is its error code. */
export class GatewayRefused extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly name: 'local' | 'portone';
  /** The store's id at the provider (PortOne); a record of another store is never ours. */
  readonly storeId?: string;
  /** The provider's record of the payment, or null when it has none. Throws GatewayUnavailable. */
  find(paymentId: string): Promise<ProviderPayment | null>;
  /** Throws GatewayUnavailable (nothing decided) or GatewayRefused (the provider said no). */
  cancel(paymentId: string, request: CancelRequest): Promise<CancelResult>;
  /** Marks the approval as used by its order, inside the order's transaction (the local ledger; PortOne keeps this itself). */
  settle?(tx: Db, paymentId: string): Promise<void>;
}
