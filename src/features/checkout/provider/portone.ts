import type { PaymentRequest, PaymentResponse } from '@portone/browser-sdk/v2';
import { RETURN_PATHS, leavingPage, type CardPaymentRequest, type PaymentProvider, type ProviderOutcome } from './port';

/** The part of the SDK module this adapter uses; tests pass a fake with the same types. */
export interface PortOneSdk {
  requestPayment(request: PaymentRequest): Promise<PaymentResponse | undefined>;
}

export interface PortOneSettings {
  storeId: string;
  /** The "payment gateway code" of the API configuration (spec §1). */
  channelKey: string;
  /** The app's origin, for the mobile redirect back to /paymentSuccess. */
  origin: string;
}

export const PORTONE_DECLINED_MESSAGE = '카드 결제가 승인되지 않았습니다.';
export const PORTONE_CANCELLED_MESSAGE = '결제가 취소되었습니다.';

/** PortOne's answer → the checkout machine's. A failure that names a cancel is the member's cancel. */
export function outcomeOf(response: PaymentResponse): ProviderOutcome | null {
  if (!response.code) return null;
  const said = `${response.code} ${response.pgCode ?? ''} ${response.message ?? ''}`;
  if (/CANCEL|취소/i.test(said)) return { kind: 'cancelled', message: PORTONE_CANCELLED_MESSAGE };
  return { kind: 'declined', message: response.message || PORTONE_DECLINED_MESSAGE };
}

/**
 * PortOne V2 (production): the order id is the provider's paymentId, so the server can look the payment up
 * by its own id when it verifies it; mobile browsers leave for `redirectUrl` and return to /paymentSuccess.
 */
export function createPortOneProvider(sdk: PortOneSdk, settings: PortOneSettings): PaymentProvider {
  return {
    async pay(request: CardPaymentRequest) {
      const response = await sdk.requestPayment({
        storeId: settings.storeId,
        channelKey: settings.channelKey,
        paymentId: String(request.paymentid),
        orderName: request.orderName,
        totalAmount: request.amount,
        currency: 'CURRENCY_KRW',
        payMethod: 'CARD',
        redirectUrl: `${settings.origin}${RETURN_PATHS.success}`,
        customer: { email: request.customer.email, fullName: request.customer.name },
      });
      if (!response) return leavingPage(); // redirected: /paymentSuccess completes the order
      const failed = outcomeOf(response);
      if (failed) return failed;
      return { kind: 'approved', pgtid: response.txId, amount: request.amount };
    },
  };
}
