import type { PaymentClient, RestError } from '@portone/server-sdk';
import type { Payment } from '@portone/server-sdk/payment';
import {
  GatewayRefused,
  GatewayUnavailable,
  type CancelRequest,
  type CancelResult,
  type PaymentGateway,
  type ProviderPayment,
} from './paymentGateway';

export interface PortOneSettings {
  secret: string;
  /** PortOne's REST origin; tests point it at the local fake (fakes/portone). */
  baseUrl: string;
  storeId: string;
  /** Standard Webhooks secret (`whsec_...`) the webhook's signatures are checked with. */
  webhookSecret: string | undefined;
}

/** PortOne mode is on when the API secret is set (.env.example); the store id may come from the app's own variable. */
export function portoneSettings(env: Record<string, string | undefined>): PortOneSettings | undefined {
  if (!env.PORTONE_API_SECRET) return undefined;
  return {
    secret: env.PORTONE_API_SECRET,
    baseUrl: env.PORTONE_API_BASE || 'https://api.portone.io',
    storeId: env.PORTONE_STORE_ID || env.VITE_PORTONE_STORE_ID || '',
    webhookSecret: env.PORTONE_WEBHOOK_SECRET || undefined,
  };
}

/** A slow provider must not hold an order's lock or a member's request for long: then it counts as unreachable. */
const TIMEOUT_MS = 10_000;

const EASY_PAY: Record<string, ProviderPayment['method']> = { KAKAOPAY: 'kakaopay', NAVERPAY: 'naverpay', TOSSPAY: 'tosspay' };

function methodOf(p: Payment): Pick<ProviderPayment, 'method' | 'installmentMonth'> {
  const m = 'method' in p ? p.method : undefined;
  if (!m) return { method: null, installmentMonth: null };
  if (m.type === 'PaymentMethodCard') return { method: 'card', installmentMonth: 'installment' in m ? (m.installment?.month ?? null) : null };
  if (m.type === 'PaymentMethodEasyPay' && 'provider' in m) return { method: EASY_PAY[m.provider ?? ''] ?? null, installmentMonth: null };
  return { method: null, installmentMonth: null };
}

/**
 * What PortOne cancelled and what it is still cancelling, from its cancellations (a PAID payment lists the ones
 * requested too): only a SUCCEEDED one is money back. Without the list, `amount.cancelled` is the figure.
 */
function cancelsOf(full: Partial<Extract<Payment, { status: 'PAID' }>>): Pick<ProviderPayment, 'cancelledAmount' | 'cancelPendingAmount'> {
  const list = full.cancellations;
  if (!list?.length) return { cancelledAmount: full.amount?.cancelled ?? 0, cancelPendingAmount: 0 };
  const sum = (status: string) =>
    list.reduce((a, c) => a + (c.status === status && 'totalAmount' in c ? Number(c.totalAmount) : 0), 0);
  return { cancelledAmount: sum('SUCCEEDED'), cancelPendingAmount: sum('REQUESTED') };
}

/** PortOne's record in the store's words. Statuses the SDK does not know yet read as READY: nothing is decided on them. */
export function toProviderPayment(p: Payment): ProviderPayment {
  const known = ['READY', 'PAY_PENDING', 'VIRTUAL_ACCOUNT_ISSUED', 'PAID', 'FAILED', 'CANCELLED', 'PARTIAL_CANCELLED'];
  const full = p as Partial<Extract<Payment, { status: 'PAID' }>> & { status: string };
  return {
    paymentId: full.id ?? '',
    status: (known.includes(full.status) ? full.status : 'READY') as ProviderPayment['status'],
    storeId: full.storeId ?? null,
    totalAmount: full.amount?.total ?? 0,
    ...cancelsOf(full),
    currency: full.currency ?? '',
    txId: full.transactionId ?? null,
    ...methodOf(p),
    receiptUrl: full.receiptUrl ?? null,
    paidAt: full.paidAt ?? null,
    orderName: full.orderName ?? null,
    customData: full.customData ?? null,
  };
}

/**
 * A PortOne error is a decision only when PortOne answered with one of its typed errors; anything else (no answer,
 * a 5xx page that is not JSON, a timeout) decides nothing.
 */
function unavailable(e: unknown, RestError: PortOneSdk['RestError']): GatewayUnavailable {
  const why = e instanceof RestError ? `${String(e.data.type)}: ${e.message}` : e instanceof Error ? e.message : String(e);
  return new GatewayUnavailable(`PortOne unavailable (${why})`);
}

/**
 * PortOne's refusals of a cancel: final answers about the payment. Everything else (UNAUTHORIZED after a key rotation,
 * PG_PROVIDER when the card company is down, a 5xx) is "try later".
 */
const REFUSALS = new Set([
  'PAYMENT_NOT_FOUND',
  'PAYMENT_NOT_PAID',
  'PAYMENT_ALREADY_CANCELLED',
  'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN',
  'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT',
  'CANCEL_TAX_AMOUNT_EXCEEDS_CANCELLABLE_TAX_AMOUNT',
  'CANCEL_TAX_FREE_AMOUNT_EXCEEDS_CANCELLABLE_TAX_FREE_AMOUNT',
  'SUM_OF_PARTS_EXCEEDS_CANCEL_AMOUNT',
  'NEGATIVE_PROMOTION_ADJUSTED_CANCEL_AMOUNT',
  'PROMOTION_DISCOUNT_RETAIN_OPTION_SHOULD_NOT_BE_CHANGED',
]);

interface PortOneSdk {
  client: ReturnType<typeof PaymentClient>;
  RestError: typeof RestError;
}

export function portoneGateway(settings: PortOneSettings): PaymentGateway {
  // Loaded at the first call to PortOne: the SDK (its whole REST surface) took 0.4-0.6 s of every server's start.
  let sdk: Promise<PortOneSdk> | undefined;
  const portone = () =>
    (sdk ??= import('@portone/server-sdk').then((m) => ({
      client: m.PaymentClient({ secret: settings.secret, baseUrl: settings.baseUrl, storeId: settings.storeId }),
      RestError: m.RestError,
    })));
  const bounded = <T>(call: Promise<T>): Promise<T> =>
    Promise.race([call, new Promise<never>((_, no) => setTimeout(() => no(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref())]);
  return {
    name: 'portone',
    storeId: settings.storeId,
    async find(paymentId) {
      const { client, RestError } = await portone();
      try {
        return toProviderPayment(await bounded(client.getPayment({ paymentId, storeId: settings.storeId })));
      } catch (e) {
        if (e instanceof RestError && e.data.type === 'PAYMENT_NOT_FOUND') return null;
        throw unavailable(e, RestError);
      }
    },
    async cancel(paymentId, request: CancelRequest): Promise<CancelResult> {
      const { client, RestError } = await portone();
      try {
        const { cancellation } = await bounded(
          client.cancelPayment({
            paymentId,
            storeId: settings.storeId,
            reason: request.reason,
            ...(request.amount === undefined ? {} : { amount: request.amount }),
            ...(request.currentCancellableAmount === undefined ? {} : { currentCancellableAmount: request.currentCancellableAmount }),
          }),
        );
        const status = cancellation.status === 'SUCCEEDED' || cancellation.status === 'FAILED' ? cancellation.status : 'REQUESTED';
        return { status, cancelledAmount: 'totalAmount' in cancellation ? Number(cancellation.totalAmount) : 0 };
      } catch (e) {
        const type = e instanceof RestError ? String(e.data.type) : '';
        if (REFUSALS.has(type)) throw new GatewayRefused(type, (e as RestError).message || type);
        throw unavailable(e, RestError);
      }
    },
  };
}
