import type { ProviderOutcome } from '../../../../machines/checkout';

export type { ProviderOutcome };

/** What the provider is asked to charge: the server's order, never figures the page computed. */
export interface CardPaymentRequest {
  paymentid: number;
  /** The order's `paidamount` as Payment/Save answered it. */
  amount: number;
  orderName: string;
  customer: { email: string; name: string };
}

/**
 * The card payment provider seen from checkout. `pay` settles with the provider's answer; a redirect-style
 * run (mobile) leaves the page instead and the answer arrives at /paymentSuccess or /paymentFail.
 */
export interface PaymentProvider {
  pay(request: CardPaymentRequest): Promise<ProviderOutcome>;
}

/** The return addresses of a redirect-style run (spec §2 outcome routes). */
export const RETURN_PATHS = { success: '/paymentSuccess', fail: '/paymentFail' } as const;

/** A promise that never settles: the page is being left for the provider or a return address. */
export const leavingPage = () => new Promise<never>(() => {});
