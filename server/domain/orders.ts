import { sql } from 'kysely';
import { queuePaymentConfirmed } from './mailEvents';
import type { Db } from '../db/database';
import type { CountRow, PaymentRow } from '../db/rows';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { lectures } from './lectures';
import { daysFromNow, kst } from '../lib/time';
import { classesOwnedNow } from './ownership';
import {
  COUPON_EXPIRED,
  COUPON_HELD,
  COUPON_OUT_OF_SCOPE,
  COUPON_USED,
  NO_COUPON,
  campaignRefusal,
  couponByCode,
  couponHeld,
  couponInScope,
  couponSpent,
  markCouponUsed,
  toCoupon,
} from './coupons';
import { breakdownOf} from '../../rules/price';
import { ENROLMENT_DAYS, earnedPoints } from '../../rules/orderTerms';

/**
 * The money rules of an order, decided here and nowhere else: prices come from the lectures, the
 * coupon and points are checked and held by the open order, the browser's figures are only compared.
 */

/** How long an open (`ready`) order holds its coupon and points: the time a card payment may take. */
export const ORDER_MINUTES = 30;
export const PRICE_CHANGED = '결제 금액이 변경되었습니다. 다시 확인해주세요.';

const minutesFromNow = (m: number) => kst(new Date(Date.now() + m * 60_000));
export const idsText = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');
export const idsOf = (p: { contentsids: string }) => p.contentsids.split(',').filter(Boolean).map(Number);

/** How the order was paid: 무료 for a free order, else as the provider recorded it (null until it did). */
export const paidMethodOf = (r: Pick<PaymentRow, 'pay_method' | 'paid_method'>) =>
  r.pay_method === 'free' ? ('free' as const) : r.paid_method;

/**
 * Locks the member's balance row for the rest of the transaction: every Save and UpdatePaid of one
 * member runs one after the other, so two requests can never both hold the same points.
 */
export async function lockMember(tx: Db, me: string): Promise<number> {
  await sql`insert into point_balances (useruid, balance) values (${me}, 0) on conflict (useruid) do nothing`.execute(tx);
  return (await one(tx, sql<{ balance: number }>`select balance from point_balances where useruid = ${me} for update`))!.balance;
}

/**
 * Releases (cancels) the member's open orders whose time is up. Called under the member lock. An order being
 * confirmed (the provider could not be asked: server/domain/paymentSync.ts) may have been charged and stays.
 */
export async function expireOpenOrders(tx: Db, me: string): Promise<void> {
  await sql`update payments set status = 'cancelled', cancelled_at = ${kst()}
    where useruid = ${me} and status = 'ready' and expires_at < ${kst()} and confirming_at is null`.execute(tx);
}

/** Points held by the member's other open orders, as an SQL expression. */
function reservedPointsSql(me: string, exceptPaymentid = 0) {
  return sql<number>`(select coalesce(sum(point_used), 0) from payments
    where useruid = ${me} and status = 'ready' and expires_at >= ${kst()} and paymentid <> ${exceptPaymentid})`;
}

/** Points held by the member's other open orders. */
async function reservedPoints(tx: Db, me: string, exceptPaymentid = 0): Promise<number> {
  return (await one(tx, sql<CountRow>`select ${reservedPointsSql(me, exceptPaymentid)}::int as n`))!.n;
}

/**
 * What the member may spend now, as one SQL expression: the balance minus what open orders hold. An expression, so
 * a read that shows it beside other figures (the my-class summary) needs no extra round trip.
 */
export function usablePointsSql(me: string) {
  return sql<number>`greatest(0, coalesce((select balance from point_balances where useruid = ${me}), 0) - ${reservedPointsSql(me)})::int`;
}

/** What the member may spend now: the balance minus what open orders hold. */
export async function usablePoints(tx: Db, me: string): Promise<number> {
  return (await one(tx, sql<{ n: number }>`select ${usablePointsSql(me)} as n`))!.n;
}

/**
 * Checks a coupon for an order of `total` won and returns its terms. The coupon row is locked, and
 * an expired open order holding it is released first. `ownOrder` is the open order being re-priced.
 */
async function couponFor(tx: Db, me: string, code: string, total: number, ownOrder: number, ids: number[]) {
  // The row lock makes every Save naming this coupon wait for the others: the hold check below is then exact.
  const c = await couponByCode(tx, code, me, true);
  if (!c) return fail(404, NO_COUPON);
  if (await couponSpent(tx, c, me)) return fail(409, COUPON_USED);
  if (c.expires_at < kst()) return fail(409, COUPON_EXPIRED);
  // A console campaign's stop and first day (issue 39); an order saved before the stop keeps its price (decisions.md).
  const refused = campaignRefusal(c);
  if (refused) return fail(409, refused);
  if (total < c.min_amount)
    return fail(409, `최소 주문 금액(${c.min_amount.toLocaleString('ko-KR')}원) 이상에서 사용할 수 있는 쿠폰입니다.`);
  await sql`update payments set status = 'cancelled', cancelled_at = ${kst()}
    where couponnumber = ${c.couponnumber} and status = 'ready' and expires_at < ${kst()} and confirming_at is null`.execute(tx);
  if (!(await couponInScope(tx, c, ids))) return fail(409, COUPON_OUT_OF_SCOPE);
  if (await couponHeld(tx, c, me, ownOrder)) return fail(409, COUPON_HELD);
  return toCoupon(c, false);
}

/** The figures of Payment/Save the member saw (PaymentSaveRequest), compared with the server's own. */
interface SaveRequest {
  contentsids: number[];
  amount: number;
  pointused: number;
  couponnumber?: string | null | undefined;
  coupondiscount: number;
  paidamount: number;
  paymethod: string;
}

/** Prices an order for the member under the member lock; throws 404/409 with the member's message. */
export async function priceOrder(tx: Db, me: string, balance: number, b: SaveRequest, ownOrder: number) {
  const ids = [...new Set(b.contentsids)];
  // Only a class the store shows is for sale (issue 38: 초안, 예약 and 숨김 are not).
  const list = await lectures(tx, sql`l.contentsid in (${sql.join(ids)}) and l.state = 'published'`);
  if (list.length !== ids.length) return fail(404, '요청하신 강의를 찾을 수 없습니다.');
  const owned = await classesOwnedNow(tx, me, ids);
  if (owned.length) return fail(409, `이미 수강 중인 강의입니다: ${owned.map((r) => r.title).join(', ')}`);
  const total = list.reduce((a, l) => a + l.saleprice, 0);
  const coupon = b.couponnumber ? await couponFor(tx, me, b.couponnumber, total, ownOrder, ids) : null;
  const figures = breakdownOf(list, coupon, b.pointused);
  const discount = figures.coupondiscount;
  if (b.pointused > balance - (await reservedPoints(tx, me, ownOrder))) return fail(409, '보유 포인트가 부족합니다.');
  if (b.pointused > total - discount) return fail(409, '결제 금액보다 많은 포인트는 사용할 수 없습니다.');
  const paid = figures.paidamount;
  const method = figures.paymethod;
  // The browser's figures are what the member saw; any difference means the page is out of date.
  if (b.amount !== total || b.coupondiscount !== discount || b.paidamount !== paid || b.paymethod !== method)
    return fail(409, PRICE_CHANGED);
  const title = list.length > 1 ? `${list[0]!.title} 외 ${list.length - 1}건` : list[0]!.title;
  return {
    list,
    ids: idsText(ids),
    title,
    total,
    discount,
    paid,
    method,
    // The code as issued, whatever case the member typed it in.
    couponnumber: coupon?.couponnumber ?? null,
    expires: minutesFromNow(ORDER_MINUTES),
  };
}

/** The tables `fulfil` writes, for the cache declarations of the operations that settle an order. */
export const FULFIL_TABLES = ['enrollments', 'carts', 'points', 'point_balances', 'coupons', 'coupon_uses', 'mail_outbox'] as const;

/**
 * Enrols the member in every lecture of a paid payment, empties those cart lines and writes the
 * order's ledger rows: points spent, points earned, the coupon used. Each at most once per payment.
 */
export async function fulfil(tx: Db, p: PaymentRow) {
  for (const contentsid of idsOf(p)) {
    await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at)
      values (${p.useruid}, ${contentsid}, ${p.paymentid}, ${kst()}, ${daysFromNow(ENROLMENT_DAYS)})
      on conflict (useruid, contentsid) do update set paymentid = excluded.paymentid,
        start_at = excluded.start_at, end_at = excluded.end_at`.execute(tx);
    await sql`delete from carts where useruid = ${p.useruid} and contentsid = ${contentsid}`.execute(tx);
  }
  const ledger = async (amount: number, kind: string, reason: string) =>
    sql`insert into points (useruid, amount, reason, created_at, paymentid, kind)
      values (${p.useruid}, ${amount}, ${reason}, ${kst()}, ${p.paymentid}, ${kind})
      on conflict (paymentid, kind) where paymentid is not null do nothing`.execute(tx);
  if (p.point_used > 0) await ledger(-p.point_used, 'use', '결제 시 사용');
  if (earnedPoints(p.amount) > 0) await ledger(earnedPoints(p.amount), 'earn', '결제 적립');
  await markCouponUsed(tx, p);
  // The 13조 confirmation, in the transaction that made the order paid: it exists exactly when the order is.
  await queuePaymentConfirmed(tx, p);
}
