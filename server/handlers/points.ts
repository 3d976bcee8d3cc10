import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { CountRow, PaymentRow, PointRow } from '../db/rows';
import { all, one } from '../db/query';
import { usablePoints } from '../domain/orders';
import {
  COUPON_EXPIRED,
  COUPON_HELD,
  COUPON_USED,
  NO_COUPON,
  campaignRefusal,
  couponByCode,
  couponHeld,
  couponSpent,
  myCoupons,
  toCoupon,
} from '../domain/coupons';
import { iso, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { page, pageOf, totalOf } from '../domain/paging';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, type CacheTable } from '../openapi/cacheTags';
import { GUESSABLE, throttle } from '../openapi/throttle';

const NO_PAYMENT = '결제 정보를 찾을 수 없습니다.';
const NOT_THIS_ORDERS = '이 주문에 적용된 쿠폰이 아닙니다.';

/** A ledger row with the running balance after it. */
type PointWithBalance = PointRow & { balance: number };

const toPoint = (p: PointWithBalance): components['schemas']['Point'] => ({
  pointid: p.pointid,
  useruid: p.useruid,
  amount: p.amount,
  balance: p.balance,
  reason: p.reason,
  paymentid: p.paymentid ?? null,
  regdate: iso(p.created_at),
  expiredate: null,
});

/** Points and coupons: balances and history, and the confirmations of what a paid order used. */
export const points = {
  async getPoints(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const kind = ctx.body.kind ?? 'all';
    const ofKind = sql`${kind} = 'all' or (${kind} = 'earn' and amount > 0) or (${kind} = 'use' and amount < 0)`;
    // The running balance needs the member's whole ledger (index points_member_time); the page and its total do not.
    const rows = await all(
      ctx.s.db,
      sql<PointWithBalance & { total: number }>`select x.*, count(*) over ()::int as total
        from (select p.*, sum(amount) over (order by created_at, pointid)::int as balance from points p where useruid = ${me}) x
        where ${ofKind} order by created_at desc, pointid desc limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = await totalOf(rows, p, async () => {
      const n = await one(ctx.s.db, sql<CountRow>`select count(*)::int as n from points where useruid = ${me} and (${ofKind})`);
      return n?.n ?? 0;
    });
    return ok(pageOf(rows.map(toPoint), total, p));
  },
  async getPointSum(ctx) {
    // Orders past their time no longer hold points (usablePoints ignores them), so this read writes nothing.
    return ok({ pointSum: await usablePoints(ctx.s.db, ownUser(ctx, ctx.params.useruid)) });
  },
  async savePoint(ctx) {
    // Points move only with a paid order (written at UpdatePaid); this call confirms that order's entry.
    const me = ownUser(ctx, ctx.body.useruid);
    const { amount, paymentid } = ctx.body;
    if (paymentid == null) return fail(409, '포인트는 결제 내역으로만 적립하거나 사용할 수 있습니다.');
    const p = await one(ctx.s.db, sql<PaymentRow>`select * from payments where paymentid = ${paymentid} and useruid = ${me}`);
    if (!p) return fail(404, NO_PAYMENT);
    if (p.status !== 'paid') return fail(409, '결제가 완료된 주문의 포인트만 확인할 수 있습니다.');
    const r = await one(
      ctx.s.db,
      sql<PointWithBalance>`select x.* from (select p.*, sum(amount) over (order by created_at, pointid)::int as balance
          from points p where useruid = ${me}) x
        where paymentid = ${paymentid} and kind = ${amount < 0 ? 'use' : 'earn'}`,
    );
    if (!r || r.amount !== amount) return fail(409, '결제 내역의 포인트와 일치하지 않습니다.');
    return ok(toPoint(r));
  },
  async getCouponInfo(ctx) {
    const me = ownUser(ctx, undefined);
    // Coupon numbers are codes handed out, some readable words: they cannot be tried fast (GUESSABLE).
    await throttle(ctx, GUESSABLE.coupon);
    const c = await couponByCode(ctx.s.db, ctx.params.couponnumber, me);
    if (!c) return fail(404, NO_COUPON);
    const used = await couponSpent(ctx.s.db, c, me);
    const message = used
      ? COUPON_USED
      : c.expires_at < kst()
        ? COUPON_EXPIRED
        : (campaignRefusal(c) ??
          ((await couponHeld(ctx.s.db, c, me, 0, true)) ? COUPON_HELD : ''));
    return ok(toCoupon(c, used), message);
  },
  async useCoupon(ctx) {
    // The coupon is marked used at UpdatePaid; this call confirms it for that paid order, idempotently.
    const me = ownUser(ctx, ctx.body.useruid);
    // It names a coupon number, so it counts as a guess (issue 41): refused like the lookup while the allowance is spent.
    await throttle(ctx, GUESSABLE.coupon);
    const p = await one(
      ctx.s.db,
      sql<PaymentRow>`select * from payments where paymentid = ${ctx.body.paymentid} and useruid = ${me}`,
    );
    if (!p) return fail(404, NO_PAYMENT);
    // Only the order's own coupon is looked up: any other number, real or made up, gets the same answer.
    const code = ctx.body.couponnumber.trim().toUpperCase();
    if (!p.couponnumber || p.couponnumber.toUpperCase() !== code) return fail(409, NOT_THIS_ORDERS);
    const c = await couponByCode(ctx.s.db, p.couponnumber, me);
    if (!c) return fail(409, NOT_THIS_ORDERS);
    const mine = c.per_member ? await couponSpent(ctx.s.db, c, me) : c.used_by === me;
    if (p.status !== 'paid' || !mine) return fail(409, '결제가 완료된 주문의 쿠폰만 확인할 수 있습니다.');
    return ok(toCoupon(c, true), '쿠폰이 적용되었습니다.');
  },
  async getMyCoupons(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const usable = ctx.body.kind === 'usable';
    const { list, total } = await myCoupons(ctx.s.db, me, usable, p);
    // A page past the last one has no rows to carry the total: count the member's list once.
    const totalCount = total ?? (p.offset > 0 ? (await myCoupons(ctx.s.db, me, usable, { pageSize: 100, offset: 0 })).list.length : 0);
    return ok(pageOf(list, totalCount, p));
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const pointsCache = {
  getPoints: uncachedRead,
  getPointSum: uncachedRead,
  savePoint: uncachedRead,
  getCouponInfo: uncachedRead,
  useCoupon: uncachedRead,
  getMyCoupons: uncachedRead,
} satisfies CacheTable<typeof points>;
