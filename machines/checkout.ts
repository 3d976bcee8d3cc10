import { assign, not, setup } from 'xstate';
import { missingActor } from './missingActor';
import type { components } from '../src/api/schema.gen';
import { breakdownOf, clampPoints } from '../rules/price';

type Schemas = components['schemas'];

/** The server's order, as much of it as checkout needs (Payment/Save, UpdatePaid, GetInfo). */
export type CheckoutOrder = Pick<
  Schemas['Payment'],
  'paymentid' | 'contentsids' | 'amount' | 'coupondiscount' | 'pointused' | 'couponnumber' | 'paidamount' | 'status' | 'paymethod'
> &
  /** The id the provider is asked to pay under (PortOne's `paymentId`), chosen by the server. */
  Partial<Pick<Schemas['Payment'], 'providerpaymentid'>>;

/** A lecture of the order, as the order's lecture list (getOrderLectures) gives it. */
export type OrderLecture = Pick<Schemas['Lecture'], 'contentsid' | 'title' | 'price' | 'saleprice'>;

/** The coupon applied, as the coupon lookup gives it (its terms are what rules/price.ts reads). */
export type CouponInfo = Pick<Schemas['Coupon'], 'couponnumber' | 'name' | 'discounttype' | 'discountvalue' | 'minprice' | 'maxdiscount'>;

export interface SaveOrderInput {
  contentsids: number[];
  amount: number;
  coupondiscount: number;
  couponnumber: string | null;
  pointused: number;
  paidamount: number;
  paymethod: 'card' | 'free';
  /** Made once per attempt (one press of 결제하기): a retried request names the same order. */
  idempotencyKey: string;
}

/** What the card provider answered. A redirect-style provider leaves the page and never answers here. */
export type ProviderOutcome =
  | { kind: 'approved'; pgtid: string; amount: number }
  | { kind: 'declined'; message: string }
  | { kind: 'cancelled'; message: string };

/** Where checkout starts: the payment page, a provider's return address, or a reload mid-payment. */
export type CheckoutStart =
  | { kind: 'page'; contentsids: number[]; resume?: { paymentid: number; pgtid: string | null } }
  | { kind: 'return'; paymentid: number; pgtid: string | null; failure?: string };

export type CheckoutEvent =
  | { type: 'COUPON_APPLY'; couponnumber: string }
  | { type: 'COUPON_REMOVE' }
  | { type: 'POINTS_SET'; amount: number }
  | { type: 'POINTS_USE_ALL' }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'PAY' }
  | { type: 'DROP_OWNED' }
  | { type: 'RETRY' }
  // What the page read for the order, each as it arrives (the page shows each read's own state, issue 15).
  | { type: 'LECTURES_READ'; lectures: OrderLecture[] }
  | { type: 'POINTS_READ'; balance: number }
  | { type: 'OWNED_READ'; contentsids: number[]; titles: string[] };

export interface CheckoutContext {
  start: CheckoutStart;
  contentsids: number[];
  lectures: OrderLecture[];
  owned: { contentsids: number[]; titles: string[] };
  pointBalance: number;
  /** Which reads have answered: until then lectures are [] and the balance 0, which must not be taken as facts. */
  known: { lectures: boolean; points: boolean; owned: boolean };
  pointsWanted: number;
  coupon: CouponInfo | null;
  couponMessage: string | null;
  agreed: boolean;
  attemptKey: string | null;
  order: CheckoutOrder | null;
  pgtid: string | null;
  confirmAttempts: number;
  message: string | null;
}

export const AGREE_FIRST_MESSAGE = '주문 내용 확인 및 결제 진행에 동의해주세요.';
export const CONFIRM_STALLED_MESSAGE =
  '결제 확인이 지연되고 있습니다. 카드 승인은 안전하게 보관되어 있으니 잠시 후 다시 확인해주세요.';
/** 결제하기 before the lectures and the owned check answered (the button is disabled then; this is the guard's word). */
export const ORDER_UNCONFIRMED_MESSAGE = '주문 정보를 확인한 뒤 결제할 수 있습니다.';
export const COUPON_WAITS_MESSAGE = '주문 클래스를 불러온 뒤 쿠폰을 적용할 수 있습니다.';
export const NOTHING_TO_BUY_MESSAGE = '결제할 클래스가 없습니다. 모두 이미 수강 중인 클래스입니다.';
/** Confirmation reads before the member is asked to retry by hand. */
export const MAX_CONFIRM_ATTEMPTS = 5;

const minPriceMessage = (minprice: number) =>
  `최소 주문 금액(${minprice.toLocaleString('ko-KR')}원) 이상에서 사용할 수 있는 쿠폰입니다.`;
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function initialContext(start: CheckoutStart): CheckoutContext {
  return {
    start,
    contentsids: start.kind === 'page' ? start.contentsids : [],
    lectures: [],
    owned: { contentsids: [], titles: [] },
    pointBalance: 0,
    known: { lectures: false, points: false, owned: false },
    pointsWanted: 0,
    coupon: null,
    couponMessage: null,
    agreed: false,
    attemptKey: null,
    order: null,
    pgtid: null,
    confirmAttempts: 0,
    message: null,
  };
}

const breakdown = (c: CheckoutContext) => breakdownOf(c.lectures, c.coupon, c.pointsWanted);
const pointCeiling = (c: CheckoutContext) => {
  const b = breakdownOf(c.lectures, c.coupon, 0);
  return clampPoints(Number.MAX_SAFE_INTEGER, c.pointBalance, b.amount - b.coupondiscount);
};

/**
 * Checkout from the payment page to the result (issue 12): editing (the page's reads of lectures, points and
 * ownership arrive as events; an owned lecture leads to `owned`) with coupon lookup → saving → paying → confirming → paid, the free path, and recovery when the card
 * answer or the confirmation is lost. Every effect is an injected actor or action.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutStart,
  },
  actors: {
    /** Coupon/GetCouponInfo; rejects with the reason it cannot be used. */
    lookupCoupon: missingActor<CouponInfo, { couponnumber: string }>('lookupCoupon'),
    /** Payment/Save with the Idempotency-Key header. */
    saveOrder: missingActor<CheckoutOrder, SaveOrderInput>('saveOrder'),
    /** The card provider's window (or redirect). */
    pay: missingActor<ProviderOutcome, { order: CheckoutOrder; orderName: string }>('pay'),
    /** Payment/UpdatePaid: the server verifies the card transaction. */
    updatePaid: missingActor<CheckoutOrder, { paymentid: number; pgtid: string; amount: number }>('updatePaid'),
    /** Payment/GetInfo, after a pause that grows with `attempt` (the retry's back-off lives here). */
    readOrder: missingActor<CheckoutOrder, { paymentid: number; attempt: number }>('readOrder'),
    /** Coupon/Update and Point/Save: idempotent confirmations of what UpdatePaid wrote. */
    confirmLedger: missingActor<void, { order: CheckoutOrder }>('confirmLedger'),
  },
  actions: {
    /** Keeps the card answer across a reload, so a reload resumes instead of paying again. */
    rememberAttempt: (_, _params: { paymentid: number; pgtid: string; contentsids: number[] }) => {},
    forgetAttempt: () => {},
    showResult: (_, _params: { paymentid: number }) => {},
    showFreeResult: (_, _params: { paymentid: number }) => {},
  },
  guards: {
    orderKnown: ({ context }) => context.known.lectures && context.known.owned,
    canPay: ({ context }) => context.agreed && context.known.lectures && context.known.owned && context.lectures.length > 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  // The page's reads land in any state; only what is still being ordered is kept (owned lectures dropped stay out).
  on: {
    LECTURES_READ: {
      actions: assign(({ context, event }) => {
        const next = { ...context, lectures: event.lectures.filter((l) => context.contentsids.includes(l.contentsid)) };
        return {
          lectures: next.lectures,
          known: { ...context.known, lectures: true },
          pointsWanted: Math.min(context.pointsWanted, pointCeiling(next)),
        };
      }),
    },
    POINTS_READ: {
      actions: assign(({ context, event }) => {
        const next = { ...context, pointBalance: Math.max(0, event.balance) };
        return {
          pointBalance: next.pointBalance,
          known: { ...context.known, points: true },
          pointsWanted: Math.min(context.pointsWanted, pointCeiling(next)),
        };
      }),
    },
    OWNED_READ: {
      actions: assign(({ context, event }) => {
        const still = event.contentsids
          .map((id, i) => [id, event.titles[i] ?? ''] as const)
          .filter(([id]) => context.contentsids.includes(id));
        return {
          owned: { contentsids: still.map(([id]) => id), titles: still.map(([, title]) => title) },
          known: { ...context.known, owned: true },
        };
      }),
    },
  },
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.start.kind === 'return', target: 'resuming' },
        { guard: ({ context }) => context.start.kind === 'page' && !!context.start.resume, target: 'resuming' },
        { target: 'editing' },
      ],
    },
    /** A provider return or a reload mid-payment: the server's order decides, never a second payment. */
    resuming: {
      invoke: {
        id: 'readOrder',
        src: 'readOrder',
        input: ({ context }) => ({ paymentid: resumeOf(context.start).paymentid, attempt: context.confirmAttempts }),
        onDone: [
          {
            guard: ({ context }) => context.start.kind === 'return' && !!context.start.failure,
            target: 'failed',
            actions: assign({
              order: ({ event }) => event.output,
              message: ({ context }) => (context.start.kind === 'return' ? (context.start.failure ?? null) : null),
            }),
          },
          {
            guard: ({ event }) => event.output.status === 'paid',
            target: 'confirming.ledger',
            actions: assign({ order: ({ event }) => event.output }),
          },
          {
            guard: ({ context, event }) => event.output.status === 'ready' && !!resumeOf(context.start).pgtid,
            target: 'confirming',
            actions: assign({
              order: ({ event }) => event.output,
              pgtid: ({ context }) => resumeOf(context.start).pgtid,
              contentsids: ({ event }) => event.output.contentsids,
            }),
          },
          {
            guard: ({ context }) => context.start.kind === 'return',
            target: 'failed',
            actions: assign({ order: ({ event }) => event.output, message: '결제가 완료되지 않았습니다.' }),
          },
          // A reload before the card answered: the open order is re-used by the next Save.
          { target: 'editing', actions: 'forgetAttempt' },
        ],
        onError: [
          // An approval came back but the order could not be read: keep asking, never call it failed.
          {
            guard: ({ context }) => approvalReturned(context) && context.confirmAttempts < MAX_CONFIRM_ATTEMPTS,
            target: 'resuming',
            reenter: true,
            actions: assign({ confirmAttempts: ({ context }) => context.confirmAttempts + 1 }),
          },
          { guard: ({ context }) => approvalReturned(context), target: 'resumeStalled' },
          {
            guard: ({ context }) => context.start.kind === 'return',
            target: 'failed',
            actions: assign({ message: ({ event }) => messageOf(event.error, '결제 정보를 찾을 수 없습니다.') }),
          },
          { target: 'editing', actions: 'forgetAttempt' },
        ],
      },
    },
    resumeStalled: {
      entry: assign({ message: CONFIRM_STALLED_MESSAGE }),
      on: { RETRY: { target: 'resuming', actions: assign({ message: null, confirmAttempts: 0 }) } },
    },
    /** Some lectures are already the member's: the page names them and offers to drop them. */
    owned: {
      on: {
        DROP_OWNED: [
          {
            guard: ({ context }) => context.contentsids.every((id) => context.owned.contentsids.includes(id)),
            target: 'nothingToBuy',
          },
          {
            target: 'editing',
            actions: assign(({ context }) => ({
              contentsids: context.contentsids.filter((id) => !context.owned.contentsids.includes(id)),
              lectures: context.lectures.filter((l) => !context.owned.contentsids.includes(l.contentsid)),
              owned: { contentsids: [], titles: [] },
            })),
          },
        ],
      },
    },
    nothingToBuy: {},
    editing: {
      initial: 'idle',
      always: { guard: ({ context }) => context.owned.contentsids.length > 0, target: 'owned' },
      on: {
        COUPON_REMOVE: {
          target: '.idle',
          actions: assign(({ context }) => {
            const next = { ...context, coupon: null };
            return { coupon: null, couponMessage: null, pointsWanted: Math.min(context.pointsWanted, pointCeiling(next)) };
          }),
        },
        POINTS_SET: {
          actions: assign({
            pointsWanted: ({ context, event }) =>
              Math.min(clampPoints(event.amount, context.pointBalance, Infinity), pointCeiling(context)),
          }),
        },
        POINTS_USE_ALL: { actions: assign({ pointsWanted: ({ context }) => pointCeiling(context) }) },
        AGREE: { actions: assign({ agreed: ({ event }) => event.agreed }) },
        PAY: [
          {
            guard: 'canPay',
            target: 'saving',
            // One key per attempt: a repeated request of this attempt names the same order.
            actions: assign({ attemptKey: () => crypto.randomUUID(), message: null }),
          },
          { guard: not('orderKnown'), actions: assign({ message: ORDER_UNCONFIRMED_MESSAGE }) },
          { actions: assign({ message: AGREE_FIRST_MESSAGE }) },
        ],
      },
      states: {
        idle: {
          on: {
            COUPON_APPLY: [
              {
                guard: ({ event }) => event.couponnumber.trim() === '',
                actions: assign({ couponMessage: '쿠폰 번호를 입력해주세요.' }),
              },
              // The coupon's minimum is checked against the lectures' total, which is not known yet.
              { guard: ({ context }) => !context.known.lectures, actions: assign({ couponMessage: COUPON_WAITS_MESSAGE }) },
              { target: 'lookingUpCoupon', actions: assign({ couponMessage: null }) },
            ],
          },
        },
        lookingUpCoupon: {
          invoke: {
            id: 'lookupCoupon',
            src: 'lookupCoupon',
            input: ({ event }) => ({ couponnumber: event.type === 'COUPON_APPLY' ? event.couponnumber.trim() : '' }),
            onDone: [
              {
                guard: ({ context, event }) => breakdownOf(context.lectures, null, 0).amount < event.output.minprice,
                target: 'idle',
                actions: assign({ coupon: null, couponMessage: ({ event }) => minPriceMessage(event.output.minprice) }),
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const next = { ...context, coupon: event.output };
                  return {
                    coupon: event.output,
                    couponMessage: null,
                    pointsWanted: Math.min(context.pointsWanted, pointCeiling(next)),
                  };
                }),
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({
                coupon: null,
                couponMessage: ({ event }) => messageOf(event.error, '쿠폰을 확인하지 못했습니다.'),
              }),
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveOrder',
        src: 'saveOrder',
        input: ({ context }) => {
          const b = breakdown(context);
          return {
            contentsids: context.contentsids,
            amount: b.amount,
            coupondiscount: b.coupondiscount,
            couponnumber: context.coupon?.couponnumber ?? null,
            pointused: b.pointused,
            paidamount: b.paidamount,
            paymethod: b.paymethod,
            idempotencyKey: context.attemptKey ?? '',
          };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'paid' && event.output.paymethod === 'free',
            target: 'paidFree',
            actions: assign({ order: ({ event }) => event.output }),
          },
          {
            guard: ({ event }) => event.output.status === 'ready',
            target: 'paying',
            actions: assign({ order: ({ event }) => event.output }),
          },
          // The attempt's key named an order that already ended: the member starts a new attempt.
          { target: 'editing', actions: assign({ message: '이미 처리된 주문입니다. 다시 결제해주세요.', attemptKey: null }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({ message: ({ event }) => messageOf(event.error, '주문을 저장하지 못했습니다.') }),
        },
      },
    },
    paying: {
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ order: context.order!, orderName: orderNameOf(context.lectures) }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'approved',
            target: 'confirming',
            actions: assign({ pgtid: ({ event }) => (event.output.kind === 'approved' ? event.output.pgtid : null) }),
          },
          {
            // Declined or cancelled: the order is left failed/cancelled, nothing is charged.
            target: 'editing',
            actions: assign({
              message: ({ event }) => (event.output.kind === 'approved' ? null : event.output.message),
              attemptKey: null,
              order: null,
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            message: ({ event }) => messageOf(event.error, '결제창을 열지 못했습니다.'),
            attemptKey: null,
            order: null,
          }),
        },
      },
    },
    confirming: {
      initial: 'updatingPaid',
      entry: [
        assign({ confirmAttempts: 0 }),
        {
          type: 'rememberAttempt',
          params: ({ context }) => ({
            paymentid: context.order!.paymentid,
            pgtid: context.pgtid!,
            contentsids: context.contentsids,
          }),
        },
      ],
      states: {
        updatingPaid: {
          invoke: {
            id: 'updatePaid',
            src: 'updatePaid',
            input: ({ context }) => ({
              paymentid: context.order!.paymentid,
              pgtid: context.pgtid!,
              amount: context.order!.paidamount,
            }),
            onDone: { target: 'ledger', actions: assign({ order: ({ event }) => event.output }) },
            onError: {
              target: 'verifying',
              actions: assign({ message: ({ event }) => messageOf(event.error, '결제를 확인하지 못했습니다.') }),
            },
          },
        },
        /** "결제 확인 중": the answer was lost or refused; the server's order says which. */
        verifying: {
          entry: assign({ confirmAttempts: ({ context }) => context.confirmAttempts + 1 }),
          invoke: {
            id: 'readOrder',
            src: 'readOrder',
            input: ({ context }) => ({ paymentid: context.order!.paymentid, attempt: context.confirmAttempts }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'paid',
                target: 'ledger',
                actions: assign({ order: ({ event }) => event.output, message: null }),
              },
              {
                guard: ({ context, event }) => event.output.status === 'ready' && context.confirmAttempts < MAX_CONFIRM_ATTEMPTS,
                target: 'updatingPaid',
              },
              {
                guard: ({ event }) => event.output.status === 'ready',
                target: '#checkout.confirmStalled',
              },
              // The server refused the order (and refunded the card): back to the page with its reason.
              {
                target: '#checkout.editing',
                actions: [assign({ order: null, attemptKey: null, pgtid: null }), 'forgetAttempt'],
              },
            ],
            onError: [
              {
                guard: ({ context }) => context.confirmAttempts < MAX_CONFIRM_ATTEMPTS,
                target: 'verifying',
                reenter: true,
              },
              { target: '#checkout.confirmStalled' },
            ],
          },
        },
        ledger: {
          invoke: {
            id: 'confirmLedger',
            src: 'confirmLedger',
            input: ({ context }) => ({ order: context.order! }),
            // The ledger is written by UpdatePaid itself; a lost confirmation does not undo the payment.
            onDone: { target: '#checkout.paid' },
            onError: { target: '#checkout.paid' },
          },
        },
      },
    },
    confirmStalled: {
      entry: assign({ message: CONFIRM_STALLED_MESSAGE }),
      on: { RETRY: { target: 'confirming', actions: assign({ message: null }) } },
    },
    paid: {
      type: 'final',
      entry: ['forgetAttempt', { type: 'showResult', params: ({ context }) => ({ paymentid: context.order!.paymentid }) }],
    },
    paidFree: {
      type: 'final',
      entry: ['forgetAttempt', { type: 'showFreeResult', params: ({ context }) => ({ paymentid: context.order!.paymentid }) }],
    },
    /** A provider return that did not end in a payment: the page shows why and offers to try again. */
    failed: {
      entry: 'forgetAttempt',
    },
  },
});

/** The provider said approved (a success return, or a reload after the card answered). */
function approvalReturned(c: CheckoutContext): boolean {
  if (c.start.kind === 'return') return !c.start.failure && !!c.start.pgtid;
  return !!c.start.resume?.pgtid;
}

function resumeOf(start: CheckoutStart): { paymentid: number; pgtid: string | null } {
  if (start.kind === 'return') return { paymentid: start.paymentid, pgtid: start.pgtid };
  return start.resume ?? { paymentid: 0, pgtid: null };
}

/** The provider's order name: "<first title> 외 N건", as the server names the order. */
export function orderNameOf(lectures: readonly OrderLecture[]): string {
  const first = lectures[0]?.title ?? '';
  return lectures.length > 1 ? `${first} 외 ${lectures.length - 1}건` : first;
}

/** The figures the page shows, derived from the machine's context. */
export const checkoutBreakdown = breakdown;
export const checkoutPointCeiling = pointCeiling;
