import { fromPromise } from 'xstate';
import { checkoutMachine, type CheckoutOrder, type OrderLecture } from '../../../machines/checkout';
import { fetchPaymentInfo, saveOrder, updatePaid } from '../../api/queries/payment';
import { confirmCouponUse, confirmPointEntry, fetchUsableCoupon } from '../../api/queries/points';
import type { components } from '../../api/schema.gen';
import { loadPaymentProvider, offeredPayMethods } from './provider/provider';
import { settledChoice } from './provider/payMethods';
import { payChoice } from './payChoiceStore';
import type { PaymentProvider } from './provider/port';
import { askCardDecision } from './cardWindowStore';
import { forgetAttempt, rememberAttempt } from './attemptStore';

type Payment = components['schemas']['Payment'];
type Lecture = components['schemas']['Lecture'];

export interface Member {
  useruid: string;
  email: string;
  username: string;
}

export interface CheckoutNavigation {
  toResult: (paymentid: number) => void;
  toFreeResult: (paymentid: number) => void;
}

const toOrder = (p: Payment): CheckoutOrder => ({
  paymentid: p.paymentid,
  contentsids: p.contentsids,
  amount: p.amount,
  coupondiscount: p.coupondiscount,
  pointused: p.pointused,
  couponnumber: p.couponnumber,
  paidamount: p.paidamount,
  status: p.status,
  paymethod: p.paymethod,
  ...(p.providerpaymentid ? { providerpaymentid: p.providerpaymentid } : {}),
});

export const toOrderLecture = (l: Lecture): OrderLecture => ({
  contentsid: l.contentsid,
  title: l.title,
  price: l.price,
  saleprice: l.saleprice,
});

/** UpdatePaid's 202 (openapi/storefront.yaml): the payment is confirmed later, never lost nor charged twice. */
const CONFIRMING_LATER_MESSAGE = '결제 확인 중입니다. 잠시 후 결제내역에서 확인해주세요.';

/** Pause before the n-th confirmation read: 1 s, 2 s, 4 s … at most 8 s. */
const backoffMs = (attempt: number) => (attempt <= 0 ? 0 : Math.min(8000, 1000 * 2 ** (attempt - 1)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The checkout machine wired to the API, the configured card provider and the router. */
export function checkoutMachineFor(member: Member, navigation: CheckoutNavigation) {
  let provider: Promise<PaymentProvider> | null = null;
  const providerOnce = () =>
    (provider ??= loadPaymentProvider({
      ask: askCardDecision,
      leave: (path) => window.location.assign(path),
      origin: window.location.origin,
      userAgent: navigator.userAgent,
    }));
  return checkoutMachine.provide({
    actors: {
      lookupCoupon: fromPromise(async ({ input }) => fetchUsableCoupon(input.couponnumber)),
      saveOrder: fromPromise(async ({ input: { idempotencyKey, ...figures } }) => {
        void providerOnce(); // fetch the provider's code while the order is saved
        return toOrder(await saveOrder({ ...figures, useruid: member.useruid, title: '' }, idempotencyKey));
      }),
      pay: fromPromise(async ({ input }) =>
        (await providerOnce()).pay({
          paymentid: input.order.paymentid,
          providerPaymentId: input.order.providerpaymentid ?? String(input.order.paymentid),
          amount: input.order.paidamount,
          orderName: input.orderName,
          customer: { email: member.email, name: member.username },
          ...settledChoice(payChoice.get(), input.order.paidamount, offeredPayMethods()),
        }),
      ),
      updatePaid: fromPromise(async ({ input }) => {
        const order = toOrder(await updatePaid(input.paymentid, input.pgtid, input.amount));
        // 202: PortOne could not be reached; the order stays open and the webhook or a retry settles it.
        if (order.status !== 'paid') throw new Error(CONFIRMING_LATER_MESSAGE);
        return order;
      }),
      readOrder: fromPromise(async ({ input }) => {
        await sleep(backoffMs(input.attempt));
        return toOrder(await fetchPaymentInfo(input.paymentid));
      }),
      confirmLedger: fromPromise(async ({ input: { order } }) => {
        // Idempotent confirmations of what UpdatePaid wrote (spec §7 lists both calls).
        await Promise.allSettled([
          order.couponnumber ? confirmCouponUse(member.useruid, order.paymentid, order.couponnumber) : null,
          order.pointused > 0 ? confirmPointEntry(member.useruid, order.paymentid, -order.pointused, '결제 시 사용') : null,
        ]);
      }),
    },
    actions: {
      rememberAttempt: (_, params) => rememberAttempt(params),
      forgetAttempt: () => forgetAttempt(),
      showResult: (_, { paymentid }) => navigation.toResult(paymentid),
      showFreeResult: (_, { paymentid }) => navigation.toFreeResult(paymentid),
    },
  });
}
