import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentRow, RefundRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { recordAudit, type AuditActor } from './audit';
import type { PaymentGateway } from './paymentGateway';
import {
  ABANDONED_AFTER_MS,
  IN_PROGRESS,
  NO_PAYMENT,
  NOT_PAID,
  REFUNDABLE_STATUS,
  carryOutRefund,
  factsOf,
  reconcilable,
  requestRefund,
  settleFromProvider,
  type RefundDone,
} from './refunds';
import { quoteStoreRefund } from '../../rules/refund';

/**
 * Refunds the console issues (issue 39), carried out by the member's refund code (server/domain/refunds.ts): the
 * same claim under the order's lock, the same cancel at the provider, the same settling of points, coupon and
 * enrolments once. What differs is who decides the amount (the operator, within what can still be cancelled; the
 * rule's quoteStoreRefund gives back points and coupon for it) and the queue of claims whose outcome was unknown.
 */

type Services = { db: Db; gateway: PaymentGateway };

const CANCELLABLE_CHANGED = '환불 가능 금액이 바뀌었습니다. 다시 확인해주세요.';
const ANOTHER_UNDER_WAY = '이 주문의 다른 환불을 처리하고 있습니다. 환불 확인 대기 목록을 확인해주세요.';
const NO_CLAIM = '환불 요청을 찾을 수 없습니다.';
const RECORD_DIFFERS = '결제사 기록이 이 환불과 맞지 않습니다. 결제사 관리자 화면에서 취소 내역을 확인해주세요.';
const PROVIDER_STILL_CANCELLING = '결제사에서 아직 취소를 처리하고 있습니다. 취소가 끝나면 환불이 마무리됩니다.';
const aboveCancellable = (left: number) => `환불 가능한 금액(${left.toLocaleString('ko-KR')}원)을 넘습니다.`;

/**
 * What can still be cancelled of the order's charge: neither what the store refunded nor what the provider reports
 * cancelled (a cancel made in PortOne's own console) is asked again.
 */
export const cancellableOf = (p: PaymentRow) => Math.max(0, p.amount - Math.max(p.refunded_amount, p.provider_cancelled_amount));

interface StoreRefundAsked {
  paymentid: number;
  amount: number;
  /** The figure the console showed: a doubled press, or a refund that came first, finds it changed. */
  cancellable: number;
  reason: string;
}

/** Refunds `amount` of the order once; audited with the claim, in its transaction. */
export async function issueStoreRefund(s: Services, actor: AuditActor, ask: StoreRefundAsked, operation = 'refundAdminOrder'): Promise<RefundDone> {
  const claim = await s.db.transaction().execute(async (tx) => {
    const p = await one(tx, sql<PaymentRow>`select * from payments where paymentid = ${ask.paymentid} for update`);
    if (!p) return fail(404, NO_PAYMENT);
    if (!REFUNDABLE_STATUS.includes(p.status)) return fail(409, NOT_PAID);
    if (await one(tx, sql`select refundid from refunds where paymentid = ${p.paymentid} and status = 'pending'`))
      return fail(409, ANOTHER_UNDER_WAY);
    const left = cancellableOf(p);
    if (ask.amount > left) return fail(409, aboveCancellable(left));
    if (ask.cancellable !== left) return fail(409, CANCELLABLE_CHANGED);
    const q = quoteStoreRefund(await factsOf(tx, p), ask.amount, left);
    const row = (await one(
      tx,
      sql<RefundRow>`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back,
          points_shortfall, coupon_restored, contentsids, reason, idempotency_key, created_at, whole, cancellable_before, issued_by)
        values (${p.paymentid}, ${p.useruid}, 'pending', 'store', ${q.amount}, ${q.pointsRestored}, ${q.pointsTakenBack},
          0, ${q.couponRestored}, ${q.contentsids.join(',')}, ${ask.reason}, null, ${kst()},
          ${q.whole}, ${p.amount - p.provider_cancelled_amount}, ${actor.staff?.useruid ?? null})
        returning *`,
    ))!;
    await recordAudit(tx, actor, {
      operation,
      objectType: 'order',
      objectId: p.paymentid,
      before: { status: p.status, refundedamount: p.refunded_amount, cancellable: left },
      after: {
        refundid: row.refundid,
        amount: q.amount,
        reason: ask.reason,
        whole: q.whole,
        pointsrestored: q.pointsRestored,
        pointstakenback: q.pointsTakenBack,
        couponrestored: q.couponRestored,
      },
    });
    return { claimed: row, order: p };
  });
  return carryOutRefund(s, claim.claimed, claim.order, ask.reason);
}

interface UnsettledClaim extends RefundRow {
  title: string;
  name: string | null;
  email: string | null;
}

/** Claims no request is working on any more, oldest first (what PortOne's webhook would otherwise settle). */
export async function unsettledClaims(db: Db): Promise<UnsettledClaim[]> {
  const abandoned = kst(new Date(Date.now() - ABANDONED_AFTER_MS));
  return all(
    db,
    sql<UnsettledClaim>`select r.*, p.title, m.name, m.email from refunds r join payments p on p.paymentid = r.paymentid
      left join members m on m.useruid = r.useruid
      where r.status = 'pending' and (r.unsettled_at is not null or r.created_at < ${abandoned}) order by r.refundid`,
  );
}

export type Settled =
  | { outcome: 'refunded'; done: RefundDone }
  | { outcome: 'released'; claim: RefundRow; order: PaymentRow };

async function waitingClaim(db: Db, refundid: number): Promise<{ claim: RefundRow; order: PaymentRow }> {
  const claim = await one(db, sql<RefundRow>`select * from refunds where refundid = ${refundid} and status = 'pending'`);
  if (!claim) return fail(404, NO_CLAIM);
  if (!reconcilable(claim)) return fail(409, IN_PROGRESS);
  const order = (await one(db, sql<PaymentRow>`select * from payments where paymentid = ${claim.paymentid}`))!;
  return { claim, order };
}

async function fromRecord(s: Services, claim: RefundRow, order: PaymentRow): Promise<Settled> {
  const r = await settleFromProvider(s, claim, order);
  if (r === 'unknown') return fail(409, RECORD_DIFFERS);
  if (r === 'requested') return fail(409, PROVIDER_STILL_CANCELLING);
  if (r === 'released') {
    const now = (await one(s.db, sql<PaymentRow>`select * from payments where paymentid = ${order.paymentid}`))!;
    return { outcome: 'released', claim, order: now };
  }
  return { outcome: 'refunded', done: r };
}

const audited = async (s: Services, actor: AuditActor, operation: string, claim: RefundRow, outcome: string) => {
  await recordAudit(s.db, actor, {
    operation,
    objectType: 'refund',
    objectId: claim.refundid,
    before: { paymentid: claim.paymentid, amount: claim.amount, status: 'pending', unsettledat: claim.unsettled_at },
    after: { outcome },
  });
};

/** 확인: the provider's record settles the claim (finished once, or released as if never asked). */
export async function checkClaim(s: Services, actor: AuditActor, refundid: number): Promise<Settled> {
  const { claim, order } = await waitingClaim(s.db, refundid);
  const settled = await fromRecord(s, claim, order);
  await audited(s, actor, 'checkAdminRefund', claim, settled.outcome);
  return settled;
}

/**
 * 다시 시도: as 확인, and when the provider had cancelled nothing the refund is asked again — the member's by the
 * member's rule as it quotes now, the console's for the same amount.
 */
export async function retryClaim(s: Services, actor: AuditActor, refundid: number): Promise<Settled> {
  const { claim, order } = await waitingClaim(s.db, refundid);
  const settled = await fromRecord(s, claim, order);
  if (settled.outcome === 'refunded') {
    await audited(s, actor, 'retryAdminRefund', claim, 'refunded');
    return settled;
  }
  await audited(s, actor, 'retryAdminRefund', claim, 'released, asked again');
  const again = claim.issued_by
    ? await issueStoreRefund(
        s,
        actor,
        { paymentid: claim.paymentid, amount: claim.amount, cancellable: cancellableOf(settled.order), reason: claim.reason },
        'retryAdminRefund',
      )
    : await requestRefund(s, claim.useruid, { paymentid: claim.paymentid, reason: claim.reason, idempotencyKey: null }, true);
  return { outcome: 'refunded', done: again };
}
