import type { PaymentRequest, PaymentResponse } from '@portone/browser-sdk/v2';
import { RETURN_PATHS, leavingPage, type CardPaymentRequest, type PaymentProvider, type ProviderOutcome } from './port';
import type { PayMethod } from './payMethods';

/** The part of the SDK module this adapter uses; tests pass a fake with the same types. */
export interface PortOneSdk {
  requestPayment(request: PaymentRequest): Promise<PaymentResponse | undefined>;
}

export interface PortOneSettings {
  storeId: string;
  /** The channel key per method (card: the "payment gateway code" of spec §1); only configured methods are offered. */
  channels: Partial<Record<PayMethod, string>>;
  /** The app's origin, for the mobile redirect back to /paymentSuccess. */
  origin: string;
}

export const PORTONE_DECLINED_MESSAGE = '결제가 승인되지 않았습니다.';
export const PORTONE_CANCELLED_MESSAGE = '결제가 취소되었습니다.';

const EASY_PAY_PROVIDER = { kakaopay: 'KAKAOPAY', naverpay: 'NAVERPAY', tosspay: 'TOSSPAY' } as const;

/** PortOne's answer → the checkout machine's. A failure that names a cancel is the member's cancel. */
export function outcomeOf(response: PaymentResponse): ProviderOutcome | null {
  if (!response.code) return null;
  const said = `${response.code} ${response.pgCode ?? ''} ${response.message ?? ''}`;
  if (/CANCEL|취소/i.test(said)) return { kind: 'cancelled', message: PORTONE_CANCELLED_MESSAGE };
  return { kind: 'declined', message: response.message || PORTONE_DECLINED_MESSAGE };
}

/**
 * The method's part of the request: card (with a fixed installment month when the member chose one) or easy pay
 * calling the provider's own window directly. 일시불 sends no installment: the card window's default.
 */
function methodPart(request: CardPaymentRequest): Pick<PaymentRequest, 'payMethod' | 'card' | 'easyPay'> {
  if (request.method === 'card') {
    return request.installmentMonth >= 2
      ? { payMethod: 'CARD', card: { installment: { monthOption: { fixedMonth: request.installmentMonth } } } }
      : { payMethod: 'CARD' };
  }
  return { payMethod: 'EASY_PAY', easyPay: { easyPayProvider: EASY_PAY_PROVIDER[request.method] } };
}

/**
 * The SDK request for a server order: PortOne's paymentId is the id the server chose for the order
 * (`providerpaymentid`), so the server and PortOne's webhook find the order by it.
 */
function portOneRequest(request: CardPaymentRequest, settings: PortOneSettings): PaymentRequest {
  const channelKey = settings.channels[request.method];
  if (!channelKey) throw new Error('선택한 결제수단을 사용할 수 없습니다.');
  return {
    storeId: settings.storeId,
    channelKey,
    paymentId: request.providerPaymentId,
    orderName: request.orderName,
    totalAmount: request.amount,
    currency: 'CURRENCY_KRW',
    ...methodPart(request),
    redirectUrl: `${settings.origin}${RETURN_PATHS.success}?paymentid=${request.paymentid}`,
    customer: { email: request.customer.email, fullName: request.customer.name },
  };
}

/**
 * PortOne V2 (production). Mobile browsers leave for `redirectUrl` and return to /paymentSuccess; the server
 * confirms the payment from PortOne's own record either way.
 */
export function createPortOneProvider(sdk: PortOneSdk, settings: PortOneSettings): PaymentProvider {
  return {
    async pay(request: CardPaymentRequest) {
      const response = await sdk.requestPayment(portOneRequest(request, settings));
      if (!response) return leavingPage(); // redirected: /paymentSuccess completes the order
      const failed = outcomeOf(response);
      if (failed) return failed;
      return { kind: 'approved', pgtid: response.txId, amount: request.amount };
    },
  };
}
