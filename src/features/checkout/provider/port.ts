import type { ProviderOutcome } from '../../../../machines/checkout';
import type { PayMethod } from './payMethods';

export type { ProviderOutcome };

/** What the provider is asked to charge: the server's order, never figures the page computed. */
export interface CardPaymentRequest {
  paymentid: number;
  /** The id the provider pays under (the order's `providerpaymentid`; PortOne's `paymentId`). */
  providerPaymentId: string;
  /** The order's `paidamount` as Payment/Save answered it. */
  amount: number;
  orderName: string;
  customer: { email: string; name: string };
  /** The member's choice on the payment page, already settled against what is offered (payMethods.ts). */
  method: PayMethod;
  /** 0 = 일시불; 2–12 only for card payments of 50,000원 or more. */
  installmentMonth: number;
}

/**
 * The card payment provider seen from checkout. `pay` settles with the provider's answer; a redirect-style
 * run (mobile) leaves the page instead and the answer arrives at /paymentSuccess or /paymentFail.
 */
export interface PaymentProvider {
  pay(request: CardPaymentRequest): Promise<ProviderOutcome>;
}

/**
 * The return addresses of a redirect-style run (spec §2 outcome routes). The store's own `paymentid` rides in the
 * address (`?paymentid=`): PortOne appends its `paymentId`, which is the provider's id, not the order's.
 */
export const RETURN_PATHS = { success: '/paymentSuccess', fail: '/paymentFail' } as const;

/** A promise that never settles: the page is being left for the provider or a return address. */
export const leavingPage = () => new Promise<never>(() => {});
