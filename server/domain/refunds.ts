import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EnrollmentRow, PaymentRow, RefundRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { iso, kst } from '../lib/time';
import { idsOf, lockMember } from './orders';
import { restoreCoupon } from './coupons';
import { queueRefundFinished } from './mailEvents';
import { GatewayRefused, GatewayUnavailable, type PaymentGateway } from './paymentGateway';
import { quoteRefund, type RefundLecture, type RefundOrder, type RefundQuote } from '../../rules/refund';

/**
 * Refunds (청약철회, issue 25): the rule is rules/refund.ts; this applies it to the server's own records and carries
 * it out once. A refund runs in three steps because the provider is asked outside any transaction (the local
 * provider writes its own ledger, and PGlite has one connection): under the order's row lock the refund is quoted
 * and claimed (a `pending` row, one per order), then the provider cancels that amount, then under the member's and
 * the order's locks the points, coupon and enrolments are settled and the refund is marked `done`. When the provider
 * refuses, the claim is removed and nothing else was written. When its answer never came (unreachable, lost on the
 * way back, the process died), the claim stays and is settled from the provider's own record by the next request or
 * PortOne's webhook (settleFromProvider). `currentCancellableAmount` makes the provider refuse a cancel based on an
 * out-of-date figure, so even a lost answer cannot refund twice.
 */

export const NO_PAYMENT = '결제 정보를 찾을 수 없습니다.';
export const NOT_PAID = '결제가 완료된 주문만 환불할 수 있습니다.';
export const IN_PROGRESS = '환불을 처리하고 있습니다. 잠시 후 결제내역에서 확인해주세요.';
const AMOUNT_CHANGED = '환불 금액이 변경되었습니다. 다시 확인해주세요.';
const KEY_REUSED = '이미 다른 주문의 환불에 사용된 요청 키입니다.';
const PROVIDER_REFUSED = '결제사에서 환불이 거절되었습니다. 고객센터로 문의해주세요.';
const PROVIDER_UNAVAILABLE = '결제사와 연결할 수 없습니다. 잠시 후 다시 시도해주세요.';

export const REFUNDABLE_STATUS = ['paid', 'partially_refunded', 'refunded'];
/** The tables a refund writes, for the cache declaration of RequestRefund. */
export const REFUND_TABLES = [
  'payments',
  'refunds',
  'enrollments',
  'points',
  'point_balances',
  'coupons',
  'coupon_uses',
  'local_payments',
  'mail_outbox',
] as const;

/**
 * The parts of each class that earlier refunds paid back (refunds.parts); a class a refund ended without a count (a
 * refund before migration 048, or the console's whole refund) was paid back whole: undefined here, all its parts.
 */
function partsRefunded(done: readonly RefundRow[]): Map<number, number | undefined> {
  const parts = new Map<number, number | undefined>();
  for (const r of done) {
    const counted = new Map((r.parts ?? '').split(',').filter(Boolean).map((x) => x.split(':').map(Number) as [number, number]));
    for (const id of idsOf(r)) parts.set(id, counted.get(id));
  }
  return parts;
}

/** Stored KST text → the moment it names. */
const at = (text: string) => new Date(`${text.replace(' ', 'T')}+09:00`);

/** The order as the refund rule reads it, from the server's own records. */
export async function factsOf(db: Db, p: PaymentRow): Promise<RefundOrder> {
  const items = await all(
    db,
    sql<{ contentsid: number; price: number; title: string }>`select i.contentsid, i.price, l.title
      from payment_items i join lectures l on l.contentsid = i.contentsid where i.paymentid = ${p.paymentid} order by i.contentsid`,
  );
  const ids = idsOf(p);
  const enrolled = await all(
    db,
    sql<EnrollmentRow>`select * from enrollments where useruid = ${p.useruid} and paymentid = ${p.paymentid}
      and contentsid in (${sql.join(ids)})`,
  );
  const done = await all(db, sql<RefundRow>`select * from refunds where paymentid = ${p.paymentid} and status = 'done'`);
  const refundedParts = partsRefunded(done);
  // Each class's paid videos (a preview is never a part), with this order's first play of each. A video hidden since
  // still counts once the member played it: what they took stays taken.
  const videos = await all(
    db,
    sql<{ contentsid: number; title: string; first_played_at: string | null }>`select v.contentsid, v.title, vp.first_played_at
      from videos v join sections s on s.sectionid = v.sectionid
      left join video_plays vp on vp.useruid = ${p.useruid} and vp.paymentid = ${p.paymentid} and vp.videoid = v.videoid
      where v.contentsid in (${sql.join(ids)}) and not v.is_preview and (v.hidden_at is null or vp.first_played_at is not null)
      order by v.contentsid, s.sort, v.sort, v.videoid`,
  );
  const earned = await one(
    db,
    sql<{ amount: number }>`select amount from points where paymentid = ${p.paymentid} and kind = 'earn'`,
  );
  const balance = await one(db, sql<{ balance: number }>`select balance from point_balances where useruid = ${p.useruid}`);
  const sum = (f: (r: RefundRow) => number) => done.reduce((a, r) => a + f(r), 0);
  const lectures: RefundLecture[] = items.map((i) => {
    const e = enrolled.find((x) => x.contentsid === i.contentsid);
    const own = videos.filter((v) => v.contentsid === i.contentsid);
    return {
      contentsid: i.contentsid,
      title: i.title,
      price: i.price,
      videos: own.map((v) => ({ title: v.title, playedAt: v.first_played_at ? at(v.first_played_at) : null })),
      downloadedAt: e?.downloaded_at ? at(e.downloaded_at) : null,
      // No enrolment of this order (ended, or replaced by a later order of the class): nothing left to give back.
      accessEnds: e ? at(e.end_at) : new Date(0),
      refunded: refundedParts.has(i.contentsid),
      refundedParts: refundedParts.get(i.contentsid) ?? Math.max(1, own.length),
    };
  });
  return {
    paidAt: at(p.paid_at ?? p.created_at),
    paidAmount: p.amount,
    pointUsed: p.point_used,
    couponDiscount: p.coupon_discount,
    pointsEarned: earned?.amount ?? 0,
    lectures,
    before: {
      amount: sum((r) => r.amount),
      pointsRestored: sum((r) => r.points_restored),
      pointsTakenBack: sum((r) => r.points_taken_back),
      pointsShortfall: sum((r) => r.points_shortfall),
    },
    pointBalance: balance?.balance ?? 0,
    paidMethod: p.paid_method,
  };
}

/** The member's own order, or 404 as GetInfo answers another member's (order ids are guessable). */
async function ownOrder(db: Db, me: string, paymentid: number, lock: boolean): Promise<PaymentRow> {
  const p = await one(
    db,
    sql<PaymentRow>`select * from payments where paymentid = ${paymentid} and useruid = ${me} ${lock ? sql`for update` : sql``}`,
  );
  if (!p) return fail(404, NO_PAYMENT);
  if (!REFUNDABLE_STATUS.includes(p.status)) return fail(409, NOT_PAID);
  return p;
}

export interface Quote extends RefundQuote {
  paymentid: number;
  couponnumber: string | null;
  refundedamount: number;
}

/** What refunding the member's order would return now, and why. */
export async function refundQuote(db: Db, me: string, paymentid: number): Promise<Quote> {
  const p = await ownOrder(db, me, paymentid, false);
  const q = quoteRefund(await factsOf(db, p), new Date());
  return { ...q, paymentid, couponnumber: p.couponnumber, refundedamount: p.refunded_amount };
}

export interface RefundAsked {
  paymentid: number;
  reason: string;
  /** The amount the member confirmed, when sent. */
  amount?: number | undefined;
  idempotencyKey: string | null;
}

export interface RefundDone {
  refund: RefundRow;
  order: PaymentRow;
}

/** The id the provider knows the order's payment by: the local card's transaction, or PortOne's payment id. */
export const providerIdOf = (gateway: PaymentGateway, p: PaymentRow) =>
  gateway.name === 'local' ? (p.provider_txid ?? p.provider_payment_id) : p.provider_payment_id;

/**
 * A claim may be settled from the provider's record once no request is working on it: its request ended without
 * knowing what the provider did (`unsettled_at`), or it is older than any request can run (the process died).
 */
export const ABANDONED_AFTER_MS = 5 * 60_000;
export const reconcilable = (c: RefundRow, now = Date.now()) =>
  c.unsettled_at !== null || now - new Date(iso(c.created_at)).getTime() > ABANDONED_AFTER_MS;

/** Refunds the member's order once, as quoted; see the module comment for the three steps. */
export async function requestRefund(
  s: { db: Db; gateway: PaymentGateway },
  me: string,
  ask: RefundAsked,
  settledEarlier = false,
): Promise<RefundDone> {
  type Claim =
    | { replay: RefundRow; order: PaymentRow }
    | { unsettled: RefundRow; order: PaymentRow }
    | { claimed: RefundRow; order: PaymentRow };
  const claim = await s.db.transaction().execute(async (tx): Promise<Claim> => {
    const p = await one(
      tx,
      sql<PaymentRow>`select * from payments where paymentid = ${ask.paymentid} and useruid = ${me} for update`,
    );
    const open = (c: RefundRow): Claim => {
      if (settledEarlier || !reconcilable(c)) return fail(409, IN_PROGRESS);
      return { unsettled: c, order: p! };
    };
    if (ask.idempotencyKey) {
      const same = await one(
        tx,
        sql<RefundRow>`select * from refunds where useruid = ${me} and idempotency_key = ${ask.idempotencyKey}`,
      );
      if (same && same.paymentid !== ask.paymentid) return fail(409, KEY_REUSED);
      if (same?.status === 'done') return { replay: same, order: p! };
      if (same) return open(same);
    }
    const order = await ownOrder(tx, me, ask.paymentid, false);
    const pending = await one(tx, sql<RefundRow>`select * from refunds where paymentid = ${order.paymentid} and status = 'pending'`);
    if (pending) return open(pending);
    const q = quoteRefund(await factsOf(tx, order), new Date());
    if (!q.refundable) return fail(409, q.reasons[0]!);
    if (ask.amount !== undefined && ask.amount !== q.amount) return fail(409, AMOUNT_CHANGED);
    const row = await one(
      tx,
      sql<RefundRow>`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back,
          points_shortfall, coupon_restored, contentsids, parts, reason, idempotency_key, created_at, whole, cancellable_before)
        values (${order.paymentid}, ${me}, 'pending', ${q.basis}, ${q.amount}, ${q.pointsRestored}, ${q.pointsTakenBack},
          ${q.pointsShortfall}, ${q.couponRestored}, ${q.contentsids.join(',')}, ${q.parts}, ${ask.reason}, ${ask.idempotencyKey}, ${kst()},
          ${q.whole}, ${order.amount - order.provider_cancelled_amount})
        returning *`,
    );
    return { claimed: row!, order };
  });
  if ('replay' in claim) return { refund: claim.replay, order: claim.order };
  if ('unsettled' in claim) {
    const settled = await settleFromProvider(s, claim.unsettled, claim.order);
    if (settled === 'unknown' || settled === 'requested') return fail(409, IN_PROGRESS);
    // The earlier request's refund is now complete, or nothing had happened and this request may claim afresh.
    return settled === 'released' ? requestRefund(s, me, ask, true) : settled;
  }
  return carryOutRefund(s, claim.claimed, claim.order, ask.reason);
}

/**
 * Steps two and three of a claimed refund, the member's and the console's alike: the provider cancels the claimed
 * amount, then finishRefund settles the rest once.
 */
export async function carryOutRefund(
  s: { db: Db; gateway: PaymentGateway },
  claimed: RefundRow,
  claimedOrder: PaymentRow,
  reason: string,
): Promise<RefundDone> {
  let providerStatus = 'NONE';
  if (claimed.amount > 0) {
    providerStatus = await cancelAtProvider(s, claimed, claimedOrder, reason);
    if (providerStatus === 'REQUESTED') {
      // The PG finishes this cancel later: nothing is given back until PortOne says SUCCEEDED (its Cancelled
      // webhook, or the next request reading its record); a FAILED one then releases the claim (settleFromProvider).
      await sql`update refunds set unsettled_at = ${kst()} where refundid = ${claimed.refundid}`.execute(s.db);
      console.info(`[refunds] order ${claimedOrder.paymentid}: refund ${claimed.refundid} cancel REQUESTED at the provider; settled when it succeeds`);
      return fail(409, IN_PROGRESS);
    }
  }
  const done = await finishRefund(s.db, claimed, providerStatus);
  return done === 'gone' ? fail(409, IN_PROGRESS) : done;
}

/** Step two: the provider's answer to the claimed cancel; a refusal releases the claim, no answer keeps it. */
async function cancelAtProvider(
  s: { db: Db; gateway: PaymentGateway },
  claimed: RefundRow,
  claimedOrder: PaymentRow,
  reason: string,
): Promise<'SUCCEEDED' | 'REQUESTED'> {
  const release = () => sql`delete from refunds where refundid = ${claimed.refundid} and status = 'pending'`.execute(s.db);
  let status;
  try {
    ({ status } = await s.gateway.cancel(providerIdOf(s.gateway, claimedOrder), {
      reason: `${reason} (order ${claimedOrder.paymentid}, refund ${claimed.refundid})`,
      amount: claimed.amount,
      currentCancellableAmount: claimed.cancellable_before ?? undefined,
    }));
  } catch (e) {
    if (e instanceof GatewayUnavailable) {
      // The cancel may have happened all the same (an answer lost on the way back): the claim stays, and the next
      // request or PortOne's webhook settles it from PortOne's record (settleFromProvider).
      await sql`update refunds set unsettled_at = ${kst()} where refundid = ${claimed.refundid}`.execute(s.db);
      console.warn(`[refunds] order ${claimedOrder.paymentid}: provider unreachable (${e.message}); settled from its record later`);
      return fail(503, PROVIDER_UNAVAILABLE);
    }
    await release();
    if (e instanceof GatewayRefused) {
      console.warn(`[refunds] order ${claimedOrder.paymentid}: provider refused the cancel (${e.type}: ${e.message})`);
      return fail(502, PROVIDER_REFUSED);
    }
    throw e;
  }
  if (status === 'FAILED') {
    await release();
    console.warn(`[refunds] order ${claimedOrder.paymentid}: the provider answered FAILED`);
    return fail(502, PROVIDER_REFUSED);
  }
  return status;
}

/**
 * A claim no request is working on, settled from the provider's own record: the provider cancelled exactly the
 * claimed amount since the claim (→ the refund is finished here), or nothing (→ the claim is released). A cancel of
 * the claimed amount the provider accepted but has not carried out (REQUESTED) keeps the claim as it is
 * ('requested'); once it fails, nothing was cancelled and the claim is released. Anything else (a cancel from
 * PortOne's console meanwhile) is left for an operator, logged. Throws 503 when the provider cannot be read.
 */
export async function settleFromProvider(
  s: { db: Db; gateway: PaymentGateway },
  claim: RefundRow,
  order: PaymentRow,
): Promise<RefundDone | 'released' | 'requested' | 'unknown'> {
  let provider;
  try {
    provider = await s.gateway.find(providerIdOf(s.gateway, order));
  } catch (e) {
    if (e instanceof GatewayUnavailable) return fail(503, PROVIDER_UNAVAILABLE);
    throw e;
  }
  const before = claim.cancellable_before;
  const now = provider ? provider.totalAmount - provider.cancelledAmount : null;
  if (claim.amount === 0 || (before !== null && now === before - claim.amount)) {
    console.info(`[refunds] order ${order.paymentid}: refund ${claim.refundid} settled from the provider's record`);
    const done = await finishRefund(s.db, claim, 'SETTLED_FROM_RECORD');
    return done === 'gone' ? 'released' : done;
  }
  if (before !== null && now === before && provider?.cancelPendingAmount === claim.amount) return 'requested';
  if (before !== null && now === before && !provider?.cancelPendingAmount) {
    await sql`delete from refunds where refundid = ${claim.refundid} and status = 'pending'`.execute(s.db);
    return 'released';
  }
  console.error(
    `[refunds] order ${order.paymentid}: refund ${claim.refundid} claimed ${claim.amount} of ${before}, the provider now has ${now} cancellable; needs an operator`,
  );
  return 'unknown';
}

/** Pending refund claims of an order that a webhook may settle now (settleFromProvider); none while a request works. */
export async function abandonedClaim(db: Db, paymentid: number): Promise<RefundRow | 'busy' | null> {
  const c = await one(db, sql<RefundRow>`select * from refunds where paymentid = ${paymentid} and status = 'pending'`);
  if (!c) return null;
  return reconcilable(c) ? c : 'busy';
}

/**
 * Step three: points, coupon and enrolments settled under the member's and the order's locks, the claim marked done;
 * 'gone' when another path released the claim meanwhile.
 */
async function finishRefund(db: Db, claimed: RefundRow, providerStatus: string): Promise<RefundDone | 'gone'> {
  const me = claimed.useruid;
  return db.transaction().execute(async (tx): Promise<RefundDone | 'gone'> => {
    const balance = await lockMember(tx, me);
    const p = (await one(tx, sql<PaymentRow>`select * from payments where paymentid = ${claimed.paymentid} for update`))!;
    // Another path (a webhook, the member's retry) may have settled or released this claim meanwhile: once only.
    const still = await one(tx, sql<RefundRow>`select * from refunds where refundid = ${claimed.refundid} for update`);
    if (still?.status === 'done') return { refund: still, order: p };
    if (!still) return 'gone';
    const ledger = (amount: number, kind: string, reason: string) =>
      sql`insert into points (useruid, amount, reason, created_at, paymentid, kind)
        values (${me}, ${amount}, ${reason}, ${kst()}, ${p.paymentid}, ${`refund-${claimed.refundid}-${kind}`})`.execute(tx);
    if (claimed.points_restored > 0) await ledger(claimed.points_restored, 'restore', '환불 시 사용 포인트 반환');
    // The balance may have been spent since the quote: what it cannot cover now is forgiven, never made negative.
    const takenBack = Math.min(claimed.points_taken_back, balance + claimed.points_restored);
    if (takenBack > 0) await ledger(-takenBack, 'takeback', '환불 시 적립 포인트 회수');
    if (claimed.coupon_restored) await restoreCoupon(tx, p);
    // A console refund of part of the order ends no lecture (its ids are empty).
    const ended = idsOf(claimed);
    if (ended.length)
      await sql`delete from enrollments where useruid = ${me} and paymentid = ${p.paymentid}
        and contentsid in (${sql.join(ended)})`.execute(tx);
    // The provider's webhook for this cancel may have recorded it already (providerCancellation.ts): counted once.
    const cancelledAfter = claimed.cancellable_before === null ? p.provider_cancelled_amount + claimed.amount : p.amount - claimed.cancellable_before + claimed.amount;
    const after = await one(
      tx,
      sql<PaymentRow>`update payments set refunded_amount = ${p.refunded_amount + claimed.amount},
        provider_cancelled_amount = greatest(provider_cancelled_amount, ${cancelledAfter}),
        status = ${claimed.whole ? 'refunded' : 'partially_refunded'}, cancelled_at = ${claimed.whole ? kst() : p.cancelled_at}
        where paymentid = ${p.paymentid} returning *`,
    );
    const refund = await one(
      tx,
      sql<RefundRow>`update refunds set status = 'done', points_taken_back = ${takenBack}, provider_status = ${providerStatus},
        done_at = ${kst()} where refundid = ${claimed.refundid} returning *`,
    );
    await queueRefundFinished(tx, refund!, after!);
    console.info(
      `[refunds] order ${p.paymentid}: refunded ${claimed.amount} (${claimed.basis}), lectures ${claimed.contentsids}`,
    );
    return { refund: refund!, order: after! };
  });
}
