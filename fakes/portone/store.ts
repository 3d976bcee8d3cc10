import { randomUUID } from 'node:crypto';

/**
 * The payments of the local PortOne (fakes/portone/index.ts), in memory, in the shapes PortOne's REST API answers
 * (`@portone/server-sdk`'s generated Payment types). The hosted checkout stand-in creates and approves them as the
 * browser SDK's window would; tests drive the other paths (decline, tampered amount, PortOne unreachable).
 */

export type FakeMethod = 'card' | 'kakaopay' | 'naverpay' | 'tosspay';
export type FakeStatus = 'READY' | 'PAID' | 'FAILED' | 'CANCELLED' | 'PARTIAL_CANCELLED';

export interface CreatePaymentInput {
  paymentId: string;
  storeId: string;
  channelKey: string;
  orderName: string;
  totalAmount: number;
  /** `KRW` or the browser SDK's `CURRENCY_KRW`. */
  currency: string;
  method: FakeMethod;
  installmentMonth?: number | null | undefined;
  customData?: string | null | undefined;
}

/** A cancel's state at PortOne: some PGs take it (REQUESTED) and carry it out or refuse it later. */
type FakeCancelStatus = 'SUCCEEDED' | 'REQUESTED' | 'FAILED';

export interface FakeCancellation {
  status: FakeCancelStatus;
  id: string;
  pgCancellationId: string;
  totalAmount: number;
  taxFreeAmount: number;
  vatAmount: number;
  reason: string;
  /** Absent while REQUESTED or after FAILED. */
  cancelledAt?: string;
  requestedAt: string;
  trigger: 'API' | 'CONSOLE';
}

export interface FakePayment extends Omit<CreatePaymentInput, 'currency'> {
  currency: string;
  status: FakeStatus;
  transactionId: string;
  requestedAt: string;
  updatedAt: string;
  statusChangedAt: string;
  paidAt: string | null;
  failedAt: string | null;
  failure: { reason: string; pgCode: string; pgMessage: string } | null;
  cancellations: FakeCancellation[];
}

/** What happened to a payment, for the webhook sender (PortOne's webhook types, 2024-04-25). */
export interface PaymentEvent {
  type:
    | 'Transaction.Ready'
    | 'Transaction.Paid'
    | 'Transaction.Failed'
    | 'Transaction.Cancelled'
    | 'Transaction.PartialCancelled'
    | 'Transaction.CancelPending';
  payment: FakePayment;
  cancellationId?: string | undefined;
}

/** Errors as PortOne answers them: HTTP status and `{type, message}`. */
export class PortOneFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const EASY_PAY = { kakaopay: 'KAKAOPAY', naverpay: 'NAVERPAY', tosspay: 'TOSSPAY' } as const;

export interface PortOneStoreOptions {
  /** The fake's origin, for receipt URLs (known once it listens). */
  origin?: () => string;
  /** Called on every change of a payment (the webhook sender listens). */
  onEvent?: (event: PaymentEvent) => void;
  now?: () => Date;
}

export type Reachability = 'up' | 'down' | 'drop' | 'lose-answer';

export function createPortOneStore(options: PortOneStoreOptions = {}) {
  const payments = new Map<string, FakePayment>();
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  let reachability: Reachability = 'up';
  let cancelAnswer: 'SUCCEEDED' | 'REQUESTED' = 'SUCCEEDED';
  const listeners = new Set<(e: PaymentEvent) => void>(options.onEvent ? [options.onEvent] : []);
  const emit = (e: PaymentEvent) => {
    for (const l of listeners) l(e);
  };

  const must = (paymentId: string) => {
    const p = payments.get(paymentId);
    if (!p) throw new PortOneFailure(404, 'PAYMENT_NOT_FOUND', '결제 건이 존재하지 않습니다.');
    return p;
  };
  const setStatus = (p: FakePayment, status: FakeStatus) => {
    p.status = status;
    p.updatedAt = p.statusChangedAt = now();
  };
  const sumOf = (p: FakePayment, status: FakeCancelStatus) =>
    p.cancellations.reduce((a, c) => a + (c.status === status ? c.totalAmount : 0), 0);
  /** Money back: a REQUESTED cancel is not, and it cannot be cancelled again meanwhile. */
  const cancelled = (p: FakePayment) => sumOf(p, 'SUCCEEDED');
  const carriedOut = (p: FakePayment, c: FakeCancellation) => {
    c.status = 'SUCCEEDED';
    c.cancelledAt = now();
    const whole = cancelled(p) === p.totalAmount;
    setStatus(p, whole ? 'CANCELLED' : 'PARTIAL_CANCELLED');
    emit({ type: whole ? 'Transaction.Cancelled' : 'Transaction.PartialCancelled', payment: p, cancellationId: c.id });
  };

  return {
    /** The browser SDK's requestPayment reaching PortOne: a READY payment (a paid id cannot be used again). */
    createPayment(input: CreatePaymentInput): FakePayment {
      const old = payments.get(input.paymentId);
      if (old && old.status !== 'READY' && old.status !== 'FAILED')
        throw new PortOneFailure(409, 'ALREADY_PAID', '이미 결제된 결제 건입니다.');
      const at = now();
      const p: FakePayment = {
        ...input,
        installmentMonth: input.installmentMonth ?? null,
        customData: input.customData ?? null,
        currency: input.currency.replace(/^CURRENCY_/, ''),
        status: 'READY',
        transactionId: randomUUID(),
        requestedAt: at,
        updatedAt: at,
        statusChangedAt: at,
        paidAt: null,
        failedAt: null,
        failure: null,
        cancellations: [],
      };
      payments.set(p.paymentId, p);
      emit({ type: 'Transaction.Ready', payment: p });
      return p;
    },
    /** The card company approved: PAID. */
    /** A card payment the member approved in the window at once: for server tests that skip the browser. */
    payByCard(paymentId: string, storeId: string, totalAmount: number): FakePayment {
      this.createPayment({
        paymentId,
        storeId,
        channelKey: 'channel-key-card',
        orderName: '주문',
        totalAmount,
        currency: 'CURRENCY_KRW',
        method: 'card',
      });
      return this.approve(paymentId);
    },
    approve(paymentId: string): FakePayment {
      const p = must(paymentId);
      if (p.status !== 'READY') throw new PortOneFailure(409, 'INVALID_REQUEST', `payment is ${p.status}`);
      setStatus(p, 'PAID');
      p.paidAt = p.updatedAt;
      emit({ type: 'Transaction.Paid', payment: p });
      return p;
    },
    /** Declined (or the member closed the window): FAILED. */
    fail(paymentId: string, reason = '카드사에서 결제를 거절했습니다.'): FakePayment {
      const p = must(paymentId);
      if (p.status !== 'READY') throw new PortOneFailure(409, 'INVALID_REQUEST', `payment is ${p.status}`);
      setStatus(p, 'FAILED');
      p.failedAt = p.updatedAt;
      p.failure = { reason, pgCode: 'FAKE_DECLINED', pgMessage: reason };
      emit({ type: 'Transaction.Failed', payment: p });
      return p;
    },
    /** `POST /payments/{id}/cancel`, with PortOne's checks and errors. */
    cancel(
      paymentId: string,
      body: { amount?: number; reason?: string; currentCancellableAmount?: number },
      trigger: 'API' | 'CONSOLE' = 'API',
    ) {
      const p = must(paymentId);
      if (!body.reason) throw new PortOneFailure(400, 'INVALID_REQUEST', 'reason is required');
      if (p.status === 'CANCELLED') throw new PortOneFailure(409, 'PAYMENT_ALREADY_CANCELLED', '이미 취소된 결제 건입니다.');
      if (p.status !== 'PAID' && p.status !== 'PARTIAL_CANCELLED')
        throw new PortOneFailure(409, 'PAYMENT_NOT_PAID', '결제가 완료되지 않은 결제 건입니다.');
      const cancellable = p.totalAmount - cancelled(p) - sumOf(p, 'REQUESTED');
      if (body.currentCancellableAmount !== undefined && body.currentCancellableAmount !== cancellable)
        throw new PortOneFailure(409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', '취소 가능 잔액 검증에 실패하였습니다.');
      const amount = body.amount ?? cancellable;
      if (amount <= 0 || amount > cancellable)
        throw new PortOneFailure(
          409,
          'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT',
          '결제 취소 금액이 취소 가능 금액을 초과합니다.',
        );
      const c: FakeCancellation = {
        status: 'REQUESTED',
        id: randomUUID(),
        pgCancellationId: `fake-cancel-${p.cancellations.length + 1}`,
        totalAmount: amount,
        taxFreeAmount: 0,
        vatAmount: Math.floor(amount / 11),
        reason: body.reason,
        requestedAt: now(),
        trigger,
      };
      p.cancellations.push(c);
      if (cancelAnswer === 'SUCCEEDED') carriedOut(p, c);
      else {
        p.updatedAt = now();
        emit({ type: 'Transaction.CancelPending', payment: p, cancellationId: c.id });
      }
      return { ...c };
    },
    /**
     * Test control: the PG takes cancels and carries them out later (REQUESTED, as some PGs answer), or at once
     * (SUCCEEDED, Korean cards and easy pay; the default).
     */
    answerCancels(status: 'SUCCEEDED' | 'REQUESTED'): void {
      cancelAnswer = status;
    },
    /**
     * Test control: the PG finishes a REQUESTED cancel (the payment's oldest one): SUCCEEDED moves the money and sends
     * PortOne's Cancelled / PartialCancelled webhook; FAILED cancels nothing (PortOne's 2024-04-25 webhooks name no
     * failed cancel, so the store learns it by reading the payment).
     */
    finishCancel(paymentId: string, outcome: 'SUCCEEDED' | 'FAILED'): FakeCancellation {
      const p = must(paymentId);
      const c = p.cancellations.find((x) => x.status === 'REQUESTED');
      if (!c) throw new Error(`payment ${paymentId} has no REQUESTED cancellation`);
      if (outcome === 'SUCCEEDED') carriedOut(p, c);
      else {
        c.status = 'FAILED';
        p.updatedAt = now();
      }
      return { ...c };
    },
    /** Test control: PortOne's record of the amount differs from what the store priced (a tampered request). */
    tamper(paymentId: string, totalAmount: number): void {
      must(paymentId).totalAmount = totalAmount;
    },
    /**
     * Test control: REST answers 503 (`true` / 'down'), drops connections before acting ('drop'), acts and then drops
     * the connection so the answer is lost on the way back ('lose-answer'), or works again (`false`).
     */
    unreachable(on: boolean | 'drop' | 'lose-answer'): void {
      reachability = on === 'drop' || on === 'lose-answer' ? on : on ? 'down' : 'up';
    },
    get reachability(): Reachability {
      return reachability;
    },
    find(paymentId: string): FakePayment | undefined {
      return payments.get(paymentId);
    },
    all(): FakePayment[] {
      return [...payments.values()];
    },
    /** The sum cancelled so far. */
    cancelledAmount: (paymentId: string) => cancelled(must(paymentId)),
    onEvent(listener: (e: PaymentEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** `GET /payments/{id}` as PortOne answers it. */
    wire(p: FakePayment): Record<string, unknown> {
      const total = p.totalAmount;
      const cancelledAmount = cancelled(p);
      const method =
        p.method === 'card'
          ? {
              type: 'PaymentMethodCard',
              ...(p.installmentMonth ? { installment: { month: p.installmentMonth, isInterestFree: false } } : {}),
            }
          : { type: 'PaymentMethodEasyPay', provider: EASY_PAY[p.method] };
      const common = {
        status: p.status,
        id: p.paymentId,
        transactionId: p.transactionId,
        merchantId: 'merchant-fake',
        storeId: p.storeId,
        method,
        channel: {
          type: 'TEST',
          id: 'channel-fake',
          key: p.channelKey,
          name: 'fake',
          pgProvider: 'TOSSPAYMENTS',
          pgMerchantId: 'fake',
        },
        version: 'V2',
        requestedAt: p.requestedAt,
        updatedAt: p.updatedAt,
        statusChangedAt: p.statusChangedAt,
        orderName: p.orderName,
        amount: {
          total,
          taxFree: 0,
          vat: Math.floor(total / 11),
          supply: total - Math.floor(total / 11),
          discount: 0,
          paid: p.paidAt ? total : 0,
          cancelled: cancelledAmount,
          cancelledTaxFree: 0,
        },
        currency: p.currency,
        customer: {},
        ...(p.customData == null ? {} : { customData: p.customData }),
        disputes: [],
      };
      const receiptUrl = `${options.origin?.() ?? ''}/receipts/${encodeURIComponent(p.paymentId)}`;
      if (p.status === 'READY') return common;
      if (p.status === 'FAILED') return { ...common, failedAt: p.failedAt, failure: p.failure };
      const paid = { ...common, paidAt: p.paidAt, pgTxId: `fake-pg-${p.transactionId.slice(0, 8)}`, receiptUrl };
      // A paid payment lists the cancels asked of it too (PaidPayment.cancellations, "결제 취소 요청 내역").
      if (p.status === 'PAID') return p.cancellations.length ? { ...paid, cancellations: p.cancellations } : paid;
      const last = p.cancellations.filter((c) => c.status === 'SUCCEEDED').at(-1)!;
      return { ...paid, cancelledAt: last.cancelledAt, cancellations: p.cancellations };
    },
  };
}

export type PortOneStore = ReturnType<typeof createPortOneStore>;
