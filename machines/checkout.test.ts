import { describe, expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  AGREE_FIRST_MESSAGE,
  CONFIRM_STALLED_MESSAGE,
  MAX_CONFIRM_ATTEMPTS,
  ORDER_UNCONFIRMED_MESSAGE,
  checkoutBreakdown,
  checkoutMachine,
  type CheckoutEvent,
  type CheckoutOrder,
  type CheckoutStart,
} from './checkout';
import type { CouponInfo, OrderLecture } from './checkout';

const lectures: OrderLecture[] = [
  { contentsid: 101, title: '매트 필라테스 입문', price: 60000, saleprice: 50000 },
  { contentsid: 102, title: '리포머 중급', price: 40000, saleprice: 40000 },
];
const coupon: CouponInfo = {
  couponnumber: 'WELCOME5000',
  name: '신규회원 환영 쿠폰',
  discounttype: 'fixed',
  discountvalue: 5000,
  minprice: 10000,
  maxdiscount: null,
};
const order = (over: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  paymentid: 7001,
  contentsids: [101, 102],
  amount: 90000,
  coupondiscount: 0,
  pointused: 0,
  couponnumber: null,
  paidamount: 90000,
  status: 'ready',
  paymethod: 'card',
  ...over,
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const error = (id: string, message = '서버에 연결할 수 없습니다.') =>
  ({ type: `xstate.error.actor.${id}`, error: new Error(message) }) as never;

/** Every answer an effect can give, as the events the machine receives for them. */
const outcomes = [
  done('lookupCoupon', coupon),
  error('lookupCoupon', '사용 기간이 지난 쿠폰입니다.'),
  done('saveOrder', order()),
  done('saveOrder', order({ status: 'paid', paymethod: 'free', paidamount: 0 })),
  error('saveOrder', '결제 금액이 변경되었습니다. 다시 확인해주세요.'),
  done('pay', { kind: 'approved', pgtid: 'LPT-1', amount: 90000 }),
  done('pay', { kind: 'declined', message: '카드 결제가 거절되었습니다.' }),
  done('pay', { kind: 'cancelled', message: '결제가 취소되었습니다.' }),
  done('updatePaid', order({ status: 'paid' })),
  error('updatePaid'),
  done('readOrder', order({ status: 'paid' })),
  done('readOrder', order()),
  done('readOrder', order({ status: 'failed' })),
  error('readOrder'),
  done('confirmLedger', undefined),
];
/**
 * What the page's reads hand the machine as they answer (a failed read sends nothing). Walked from the payment
 * page's start only (the resumed starts reach the same states through it); the balance is in the journeys.
 */
const reads = [
  { type: 'LECTURES_READ', lectures },
  { type: 'OWNED_READ', contentsids: [], titles: [] },
  { type: 'OWNED_READ', contentsids: [101], titles: ['매트 필라테스 입문'] },
  { type: 'OWNED_READ', contentsids: [101, 102], titles: ['매트 필라테스 입문', '리포머 중급'] },
] as const;
const memberEvents = [
  { type: 'COUPON_APPLY', couponnumber: 'WELCOME5000' },
  { type: 'COUPON_REMOVE' },
  { type: 'POINTS_USE_ALL' },
  { type: 'AGREE', agreed: true },
  { type: 'PAY' },
  { type: 'DROP_OWNED' },
  { type: 'RETRY' },
] as const;

type Snap = SnapshotFrom<typeof checkoutMachine>;
const valueOf = (s: Snap) => JSON.stringify(s.value);

/** The real machine with every effect a promise the test settles by hand, in the order a path says. */
function harness(start: CheckoutStart) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: Array<{ name: string; input: unknown }> = [];
  const effects: string[] = [];
  const fake = (name: string) =>
    fromPromise<never, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ name, input });
          pending.set(name, { resolve: resolve as (v: unknown) => void, reject });
        }),
    );
  const machine = checkoutMachine.provide({
    actors: {
      lookupCoupon: fake('lookupCoupon'),
      saveOrder: fake('saveOrder'),
      pay: fake('pay'),
      updatePaid: fake('updatePaid'),
      readOrder: fake('readOrder'),
      confirmLedger: fake('confirmLedger'),
    } as never,
    actions: {
      rememberAttempt: (_, p) => effects.push(`remember ${p.paymentid} ${p.pgtid}`),
      forgetAttempt: () => effects.push('forget'),
      showResult: (_, p) => effects.push(`result ${p.paymentid}`),
      showFreeResult: (_, p) => effects.push(`free ${p.paymentid}`),
    },
  });
  const actor = createActor(machine, { input: start }).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    calls,
    effects,
    count: (name: string) => calls.filter((c) => c.name === name).length,
    /** Sends a member event, or settles the effect that is running with the given answer. */
    async step(event: CheckoutEvent | { type: string; output?: unknown; error?: unknown }) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (!m) actor.send(event as never);
      else {
        const p = pending.get(m[2]!);
        if (!p) throw new Error(`no ${m[2]} is running`);
        pending.delete(m[2]!);
        const settled = event as { output?: unknown; error?: unknown };
        if (m[1] === 'done') p.resolve(settled.output);
        else p.reject(settled.error);
      }
      await tick();
    },
  };
}

const starts: Record<string, CheckoutStart> = {
  'payment page': { kind: 'page', contentsids: [101, 102] },
  'reload while confirming': { kind: 'page', contentsids: [101, 102], resume: { paymentid: 7001, pgtid: 'LPT-1' } },
  'provider return (success)': { kind: 'return', paymentid: 7001, pgtid: 'LPT-1' },
  'provider return (failure)': { kind: 'return', paymentid: 7001, pgtid: null, failure: '카드 결제가 거절되었습니다.' },
};

function pathsFrom(start: CheckoutStart) {
  return getShortestPaths(checkoutMachine, {
    input: start,
    events: [...outcomes, ...(start.kind === 'page' && !start.resume ? reads : []), ...memberEvents] as never,
    // Distinct screens, not every figure: the state, the agreement, what is owned, how many confirmation reads ran.
    serializeState: (s) => {
      const { context: c } = s as Snap;
      const known = c.known.lectures && c.known.owned;
      return `${valueOf(s as Snap)} agreed=${c.agreed} owned=${c.owned.contentsids.length} known=${known} tries=${c.confirmAttempts}`;
    },
  });
}

describe('checkout machine: shortest paths to every state, replayed on the real machine', () => {
  const reached = new Set<string>();
  for (const [name, start] of Object.entries(starts)) {
    const paths = pathsFrom(start);
    it(`${name}: ${paths.length} paths, each followed by the running machine`, async () => {
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const h = harness(start);
        for (const step of path.steps) {
          if ((step.event.type as string) === 'xstate.init') continue;
          await h.step(step.event);
          expect(valueOf(h.actor.getSnapshot()), `after ${step.event.type}`).toBe(valueOf(step.state as Snap));
        }
        reached.add(valueOf(path.state as Snap));
        h.actor.stop();
      }
    });
  }
  it('together the starts reach every state of the machine', () => {
    const every = [
      '"owned"',
      '"nothingToBuy"',
      '{"editing":"idle"}',
      '{"editing":"lookingUpCoupon"}',
      '"saving"',
      '"paying"',
      '{"confirming":"updatingPaid"}',
      '{"confirming":"verifying"}',
      '{"confirming":"ledger"}',
      '"confirmStalled"',
      '"paid"',
      '"paidFree"',
      '"failed"',
      '"resuming"',
    ];
    for (const v of every) expect([...reached], v).toContain(v);
  });
});

async function toEditing(h: ReturnType<typeof harness>, pointBalance = 3000) {
  await h.step({ type: 'LECTURES_READ', lectures });
  await h.step({ type: 'POINTS_READ', balance: pointBalance });
  await h.step({ type: 'OWNED_READ', contentsids: [], titles: [] });
}

describe('checkout machine: journeys', () => {
  it('pays with a coupon and points: Save carries the figures and one key, UpdatePaid the server amount', async () => {
    const h = harness(starts['payment page']!);
    await toEditing(h);
    await h.step({ type: 'COUPON_APPLY', couponnumber: ' WELCOME5000 ' });
    expect(h.calls.at(-1)).toEqual({ name: 'lookupCoupon', input: { couponnumber: 'WELCOME5000' } });
    await h.step(done('lookupCoupon', coupon));
    await h.step({ type: 'POINTS_USE_ALL' });
    expect(checkoutBreakdown(h.actor.getSnapshot().context)).toMatchObject({
      listTotal: 100000,
      saleDiscount: 10000,
      amount: 90000,
      coupondiscount: 5000,
      pointused: 3000,
      paidamount: 82000,
    });
    await h.step({ type: 'PAY' });
    expect(h.actor.getSnapshot().context.message).toBe(AGREE_FIRST_MESSAGE);
    expect(h.count('saveOrder')).toBe(0);
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    await h.step({ type: 'PAY' }); // a second press while saving is ignored
    expect(h.count('saveOrder')).toBe(1);
    const save = h.calls.find((c) => c.name === 'saveOrder')!.input as { idempotencyKey: string };
    expect(save).toMatchObject({
      amount: 90000,
      coupondiscount: 5000,
      couponnumber: 'WELCOME5000',
      pointused: 3000,
      paidamount: 82000,
      paymethod: 'card',
    });
    expect(save.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const ready = order({ coupondiscount: 5000, pointused: 3000, paidamount: 82000, couponnumber: 'WELCOME5000' });
    await h.step(done('saveOrder', ready));
    await h.step({ type: 'PAY' }); // and while the card window is open
    expect(h.count('saveOrder')).toBe(1);
    await h.step(done('pay', { kind: 'approved', pgtid: 'LPT-9', amount: 82000 }));
    expect(h.calls.at(-1)).toEqual({ name: 'updatePaid', input: { paymentid: 7001, pgtid: 'LPT-9', amount: 82000 } });
    await h.step(done('updatePaid', { ...ready, status: 'paid' }));
    await h.step(done('confirmLedger', undefined));
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.effects).toEqual(['remember 7001 LPT-9', 'forget', 'result 7001']);
  });

  it('declined: back to editing with the message, no confirmation, and the next attempt gets a new key', async () => {
    const h = harness(starts['payment page']!);
    await toEditing(h);
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    await h.step(done('saveOrder', order()));
    await h.step(done('pay', { kind: 'declined', message: '카드 결제가 거절되었습니다.' }));
    const s = h.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.message).toBe('카드 결제가 거절되었습니다.');
    expect(h.count('updatePaid')).toBe(0);
    await h.step({ type: 'PAY' });
    const keys = h.calls.filter((c) => c.name === 'saveOrder').map((c) => (c.input as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('cancelled by the member: back to editing with the message, nothing confirmed', async () => {
    const h = harness(starts['payment page']!);
    await toEditing(h);
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    await h.step(done('saveOrder', order()));
    await h.step(done('pay', { kind: 'cancelled', message: '결제가 취소되었습니다.' }));
    expect(h.actor.getSnapshot().context.message).toBe('결제가 취소되었습니다.');
    expect(h.actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(h.count('updatePaid')).toBe(0);
  });

  it('confirmation lost: "결제 확인 중" reads the order and retries UpdatePaid, paying once', async () => {
    const h = harness(starts['payment page']!);
    await toEditing(h);
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    await h.step(done('saveOrder', order()));
    await h.step(done('pay', { kind: 'approved', pgtid: 'LPT-1', amount: 90000 }));
    await h.step(error('updatePaid'));
    expect(h.actor.getSnapshot().matches({ confirming: 'verifying' })).toBe(true);
    await h.step(error('readOrder')); // still offline
    await h.step(done('readOrder', order()));
    await h.step(done('updatePaid', order({ status: 'paid' })));
    await h.step(done('confirmLedger', undefined));
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.count('pay')).toBe(1);
    expect(h.count('updatePaid')).toBe(2);
    expect(h.calls.filter((c) => c.name === 'readOrder').map((c) => (c.input as { attempt: number }).attempt)).toEqual([1, 2]);
  });

  it('confirmation that keeps failing stops at a stalled message the member can retry', async () => {
    const h = harness(starts['reload while confirming']!);
    await h.step(done('readOrder', order()));
    for (let i = 0; i < MAX_CONFIRM_ATTEMPTS; i++) {
      await h.step(error('updatePaid'));
      await h.step(done('readOrder', order()));
    }
    expect(h.actor.getSnapshot().value).toBe('confirmStalled');
    expect(h.actor.getSnapshot().context.message).toBe(CONFIRM_STALLED_MESSAGE);
    await h.step({ type: 'RETRY' });
    expect(h.actor.getSnapshot().matches({ confirming: 'updatingPaid' })).toBe(true);
  });

  it('reload while confirming: resumes from the server order, never opens the card window again', async () => {
    const h = harness(starts['reload while confirming']!);
    expect(h.calls[0]).toEqual({ name: 'readOrder', input: { paymentid: 7001, attempt: 0 } });
    await h.step(done('readOrder', order()));
    await h.step(done('updatePaid', order({ status: 'paid' })));
    await h.step(done('confirmLedger', undefined));
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.count('pay')).toBe(0);
    expect(h.count('saveOrder')).toBe(0);
  });

  it('reload after the order was already paid: straight to the result, no second UpdatePaid', async () => {
    const h = harness(starts['reload while confirming']!);
    await h.step(done('readOrder', order({ status: 'paid' })));
    await h.step(done('confirmLedger', undefined));
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.count('updatePaid')).toBe(0);
  });

  it('free path: a total of 0 is saved as paid and goes to the free result without the card window', async () => {
    const h = harness({ kind: 'page', contentsids: [130] });
    await h.step({ type: 'LECTURES_READ', lectures: [{ contentsid: 130, title: '무료 특강', price: 0, saleprice: 0 }] });
    await h.step({ type: 'OWNED_READ', contentsids: [], titles: [] });
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    expect(h.calls.at(-1)!.input).toMatchObject({ amount: 0, paidamount: 0, paymethod: 'free' });
    await h.step(
      done(
        'saveOrder',
        order({ paymentid: 7002, contentsids: [130], amount: 0, paidamount: 0, status: 'paid', paymethod: 'free' }),
      ),
    );
    expect(h.actor.getSnapshot().value).toBe('paidFree');
    expect(h.count('pay')).toBe(0);
    expect(h.effects).toContain('free 7002');
  });

  it('owned lectures: named, and dropping them leaves the rest to pay for', async () => {
    const h = harness(starts['payment page']!);
    await h.step({ type: 'OWNED_READ', contentsids: [101], titles: ['매트 필라테스 입문'] });
    expect(h.actor.getSnapshot().value).toBe('owned');
    expect(h.actor.getSnapshot().context.owned.titles).toEqual(['매트 필라테스 입문']);
    await h.step({ type: 'DROP_OWNED' });
    // The lecture list answers after the drop: the dropped lecture stays out, and a repeated owned answer is moot.
    await h.step({ type: 'LECTURES_READ', lectures });
    await h.step({ type: 'OWNED_READ', contentsids: [101], titles: ['매트 필라테스 입문'] });
    const s = h.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.contentsids).toEqual([102]);
    expect(checkoutBreakdown(s.context).amount).toBe(40000);
  });

  it('a read that failed is not a fact: no payment before lectures and ownership are known', async () => {
    const h = harness(starts['payment page']!);
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'COUPON_APPLY', couponnumber: 'WELCOME5000' });
    expect(h.count('lookupCoupon')).toBe(0);
    await h.step({ type: 'PAY' });
    expect(h.actor.getSnapshot().context.message).toBe(ORDER_UNCONFIRMED_MESSAGE);
    await h.step({ type: 'LECTURES_READ', lectures });
    await h.step({ type: 'PAY' });
    expect(h.count('saveOrder')).toBe(0);
    expect(h.actor.getSnapshot().context.message).toBe(ORDER_UNCONFIRMED_MESSAGE);
  });

  it('balance unknown (its read failed): no points can be used, the order is paid by coupon and card', async () => {
    const h = harness(starts['payment page']!);
    await h.step({ type: 'LECTURES_READ', lectures });
    await h.step({ type: 'OWNED_READ', contentsids: [], titles: [] });
    await h.step({ type: 'POINTS_USE_ALL' });
    await h.step({ type: 'POINTS_SET', amount: 5000 });
    await h.step({ type: 'COUPON_APPLY', couponnumber: 'WELCOME5000' });
    await h.step(done('lookupCoupon', coupon));
    await h.step({ type: 'AGREE', agreed: true });
    await h.step({ type: 'PAY' });
    expect(h.calls.at(-1)).toMatchObject({
      name: 'saveOrder',
      input: { pointused: 0, coupondiscount: 5000, couponnumber: 'WELCOME5000', paidamount: 85000, paymethod: 'card' },
    });
  });

  it('points never exceed the balance nor what is left to pay; a coupon below its minimum is refused in place', async () => {
    const h = harness(starts['payment page']!);
    await toEditing(h, 1_000_000);
    await h.step({ type: 'POINTS_SET', amount: 2_000_000 });
    expect(h.actor.getSnapshot().context.pointsWanted).toBe(90000);
    await h.step({ type: 'POINTS_SET', amount: -5 });
    expect(h.actor.getSnapshot().context.pointsWanted).toBe(0);
    await h.step({ type: 'COUPON_APPLY', couponnumber: 'BIG' });
    await h.step(done('lookupCoupon', { ...coupon, minprice: 100000 }));
    expect(h.actor.getSnapshot().context.couponMessage).toBe('최소 주문 금액(100,000원) 이상에서 사용할 수 있는 쿠폰입니다.');
    expect(h.actor.getSnapshot().context.coupon).toBeNull();
    await h.step({ type: 'COUPON_APPLY', couponnumber: 'OLD' });
    await h.step(error('lookupCoupon', '사용 기간이 지난 쿠폰입니다.'));
    expect(h.actor.getSnapshot().context.couponMessage).toBe('사용 기간이 지난 쿠폰입니다.');
  });

  it('provider approval whose order cannot be read: keeps asking, then a stalled message, never "failed"', async () => {
    const h = harness(starts['provider return (success)']!);
    for (let i = 0; i <= MAX_CONFIRM_ATTEMPTS; i++) await h.step(error('readOrder'));
    expect(h.actor.getSnapshot().value).toBe('resumeStalled');
    expect(h.calls.filter((c) => c.name === 'readOrder').map((c) => (c.input as { attempt: number }).attempt)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    await h.step({ type: 'RETRY' });
    await h.step(done('readOrder', order()));
    await h.step(done('updatePaid', order({ status: 'paid' })));
    await h.step(done('confirmLedger', undefined));
    expect(h.actor.getSnapshot().value).toBe('paid');
  });

  it('provider return with a failure: the order is read for a retry link and the reason is shown', async () => {
    const h = harness(starts['provider return (failure)']!);
    await h.step(done('readOrder', order({ status: 'failed' })));
    const s = h.actor.getSnapshot();
    expect(s.value).toBe('failed');
    expect(s.context.message).toBe('카드 결제가 거절되었습니다.');
    expect(s.context.order?.contentsids).toEqual([101, 102]);
  });
});
