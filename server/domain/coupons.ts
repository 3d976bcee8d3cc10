import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { CouponRow, PaymentRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, isoOrNull, kst } from '../lib/time';

/**
 * Who may use a coupon, and how often (issue 25). A code is matched whatever its case and answered as issued. A
 * once-per-member coupon (a welcome coupon) is used once by each member: its uses are rows of coupon_uses. Any other
 * code is used once in the store: coupons.used_by. A coupon issued to one member (owner) does not exist for the others.
 */

export const NO_COUPON = '쿠폰을 찾을 수 없습니다.';
export const COUPON_USED = '이미 사용한 쿠폰입니다.';
export const COUPON_EXPIRED = '사용 기간이 지난 쿠폰입니다.';
export const COUPON_HELD = '다른 주문에 사용 중인 쿠폰입니다.';
/** The console stopped its campaign (issue 39): its unused coupons can no longer be applied. */
export const COUPON_STOPPED = '사용이 중지된 쿠폰입니다.';
/** Before the campaign's first day (KST). */
export const couponNotYet = (from: string) => {
  const [y, m, d] = from.slice(0, 10).split('-').map(Number);
  return `아직 사용 기간이 아닌 쿠폰입니다. (${y}년 ${m}월 ${d}일부터 사용 가능)`;
};
/** A campaign limited to some classes or categories: the order must hold at least one of them. */
export const COUPON_OUT_OF_SCOPE = '이 쿠폰을 사용할 수 있는 강의가 주문에 없습니다.';
/** Why a coupon of the member's list cannot be applied now (GetMyCoupons `reason`). */
const NOT_USABLE = { used: '사용 완료', expired: '기간 만료', held: '다른 주문에 사용 중', stopped: '사용 중지', notYet: '사용 기간 전' } as const;

/** A coupon with what its campaign adds: the stop and the scope (empty arrays and no campaign: every class). */
export type ScopedCoupon = CouponRow & { campaign_stopped_at: string | null; scope_contentsids: number[] | null; scope_categoryids: number[] | null };

/** Why a campaign's coupon cannot be applied now, whoever asks: stopped, or not yet valid; null when it can. */
export function campaignRefusal(c: ScopedCoupon, now = kst()): string | null {
  if (c.campaign_stopped_at) return COUPON_STOPPED;
  if (c.valid_from && c.valid_from > now) return couponNotYet(c.valid_from);
  return null;
}

/**
 * Whether the order's classes meet the coupon's scope: at least one of them is a named class, or in a named category
 * or one of its sub-categories (the tree is three deep). A coupon without a scope meets every order.
 */
export async function couponInScope(db: Db, c: ScopedCoupon, contentsids: readonly number[]): Promise<boolean> {
  const classes = c.scope_contentsids ?? [];
  const categories = c.scope_categoryids ?? [];
  if (!classes.length && !categories.length) return true;
  const anyOf = (ids: number[]) => (ids.length ? sql`(${sql.join(ids)})` : sql`(null)`);
  return !!(await one(
    db,
    sql`select 1 from lectures l join categories c on c.categoryid = l.categoryid
      left join categories p on p.categoryid = c.pcategoryid
      where l.contentsid in (${sql.join([...contentsids])})
        and (l.contentsid in ${anyOf(classes)} or l.categoryid in ${anyOf(categories)}
          or c.pcategoryid in ${anyOf(categories)} or p.pcategoryid in ${anyOf(categories)})
      limit 1`,
  ));
}

/** A stored coupon as the contract's Coupon: its terms are what the price rule (rules/price.ts) reads. */
export const toCoupon = (c: CouponRow, used = !!c.used_by): components['schemas']['Coupon'] => ({
  couponnumber: c.couponnumber,
  name: c.title,
  discounttype: c.discount_rate ? 'percent' : 'fixed',
  discountvalue: c.discount_rate || c.discount_amount,
  minprice: c.min_amount,
  maxdiscount: c.max_discount ?? null,
  expiredate: iso(c.expires_at),
  isused: used,
});

/** The coupon a code names for the member, any case; `lock` holds its row to the end of the transaction. */
export async function couponByCode(db: Db, code: string, me: string, lock = false): Promise<ScopedCoupon | undefined> {
  const c = await one(
    db,
    sql<ScopedCoupon>`select c.*, k.stopped_at as campaign_stopped_at, k.contentsids as scope_contentsids,
        k.categoryids as scope_categoryids
      from coupons c left join coupon_campaigns k on k.campaignid = c.campaignid
      where upper(c.couponnumber) = upper(${code.trim()}) ${lock ? sql`for update of c` : sql``}`,
  );
  return c && (!c.owner || c.owner === me) ? c : undefined;
}

/** Whether the coupon is spent for the member: by them if once per member, by anyone if single-use. */
export async function couponSpent(db: Db, c: CouponRow, me: string): Promise<boolean> {
  if (!c.per_member) return !!c.used_by;
  return !!(await one(db, sql`select 1 from coupon_uses where couponnumber = ${c.couponnumber} and useruid = ${me}`));
}

/**
 * Whether an open order other than `exceptPaymentid` holds the coupon: any member's for a single-use code, the
 * member's own for a once-per-member coupon. `live` leaves out orders past their time.
 */
export async function couponHeld(db: Db, c: CouponRow, me: string, exceptPaymentid = 0, live = false): Promise<boolean> {
  const whose = c.per_member ? sql`and useruid = ${me}` : sql``;
  const current = live ? sql`and expires_at >= ${kst()}` : sql``;
  return !!(await one(
    db,
    sql`select 1 from payments where couponnumber = ${c.couponnumber} and status = 'ready'
      and paymentid <> ${exceptPaymentid} ${whose} ${current}`,
  ));
}

/** Marks the coupon of a paid order used: once per payment, for its member or for the store. */
export async function markCouponUsed(tx: Db, p: PaymentRow): Promise<void> {
  if (!p.couponnumber) return;
  await sql`insert into coupon_uses (couponnumber, useruid, paymentid, used_at)
    select couponnumber, ${p.useruid}, ${p.paymentid}, ${kst()} from coupons where couponnumber = ${p.couponnumber} and per_member
    on conflict (couponnumber, useruid) do nothing`.execute(tx);
  await sql`update coupons set used_by = ${p.useruid}, used_at = ${kst()}
    where couponnumber = ${p.couponnumber} and not per_member and used_by is null`.execute(tx);
}

/** Makes the coupon of a wholly refunded order usable again (its member's use, or the store's). */
export async function restoreCoupon(tx: Db, p: PaymentRow): Promise<void> {
  if (!p.couponnumber) return;
  await sql`delete from coupon_uses where couponnumber = ${p.couponnumber} and paymentid = ${p.paymentid}`.execute(tx);
  await sql`update coupons set used_by = null, used_at = null
    where couponnumber = ${p.couponnumber} and not per_member and used_by = ${p.useruid}`.execute(tx);
}

type MyCouponRow = CouponRow & { my_used_at: string | null; used: boolean; held: boolean; stopped: boolean; total: number };

/**
 * The member's coupons (GetMyCoupons): every once-per-member coupon not issued to someone else, those issued to the
 * member, and single-use codes the member used. Usable first, then by expiry. A hold by the member's own open order
 * does not count: paying that order again re-prices it with the same coupon.
 */
export async function myCoupons(db: Db, me: string, onlyUsable: boolean, p: { pageSize: number; offset: number }) {
  const now = kst();
  const usableNow = sql`not x.used and not x.held and not x.stopped and x.expires_at >= ${now} and coalesce(x.valid_from, '') <= ${now}`;
  const rows = await all(
    db,
    sql<MyCouponRow>`select x.*, count(*) over ()::int as total from (
        select c.*, coalesce(u.used_at, case when c.used_by = ${me} then c.used_at end) as my_used_at,
          (u.useruid is not null or (not c.per_member and c.used_by is not null)) as used,
          exists (select 1 from payments o where o.couponnumber = c.couponnumber and o.status = 'ready'
            and o.expires_at >= ${now} and o.useruid <> ${me} and not c.per_member) as held,
          coalesce(k.stopped_at is not null, false) as stopped
        from coupons c left join coupon_uses u on u.couponnumber = c.couponnumber and u.useruid = ${me}
          left join coupon_campaigns k on k.campaignid = c.campaignid
        where (c.per_member and (c.owner is null or c.owner = ${me})) or c.owner = ${me} or c.used_by = ${me}
      ) x
      where not ${onlyUsable} or (${usableNow})
      order by (${usableNow}) desc, x.expires_at, x.couponnumber
      limit ${p.pageSize} offset ${p.offset}`,
  );
  const list = rows.map((r): components['schemas']['MyCoupon'] => {
    const reason = r.used
      ? NOT_USABLE.used
      : r.expires_at < now
        ? NOT_USABLE.expired
        : r.stopped
          ? NOT_USABLE.stopped
          : r.held
            ? NOT_USABLE.held
            : r.valid_from && r.valid_from > now
              ? NOT_USABLE.notYet
              : null;
    return {
      ...toCoupon(r, r.used),
      permember: r.per_member,
      usable: reason === null,
      reason,
      useddate: isoOrNull(r.my_used_at),
    };
  });
  return { list, total: rows[0]?.total };
}
