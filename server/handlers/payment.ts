import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { CountRow, EnrollmentRow, PaymentRow } from '../db/rows';
import { all, one } from '../db/query';
import { expireOpenOrders, fulfil, idsOf, idsText, lockMember, paidMethodOf, priceOrder } from '../domain/orders';
import { ALREADY_PAID, CONFIRMING, SYNC_TABLES, syncPayment } from '../domain/paymentSync';
import { iso, isoOrNull, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { page, pageOf } from '../domain/paging';
import { accepted, ok, type DatasOf, type Handlers, type OpCtx } from '../openapi/typed';
import { classesOwnedNow } from '../domain/ownership';
import { recordFirstUse, type FirstUse } from '../domain/usage';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';
import { GUESSABLE, throttle } from '../openapi/throttle';

const NO_PAYMENT = '결제 정보를 찾을 수 없습니다.';
const NO_ENROLLMENT = '수강 정보를 찾을 수 없습니다.';

const toPayment = (p: PaymentRow): components['schemas']['Payment'] => ({
  paymentid: p.paymentid,
  useruid: p.useruid,
  contentsids: idsOf(p),
  title: p.title,
  amount: p.price_total,
  pointused: p.point_used,
  couponnumber: p.couponnumber ?? null,
  coupondiscount: p.coupon_discount,
  paidamount: p.amount,
  status: p.status,
  paymethod: p.pay_method,
  paidmethod: paidMethodOf(p),
  installmentmonth: p.installment_month,
  regdate: iso(p.created_at),
  paiddate: isoOrNull(p.paid_at),
  pgtid: p.provider_txid ?? null,
  providerpaymentid: p.provider_payment_id,
  refundedamount: p.refunded_amount,
  receipturl: p.receipt_url,
});

const toEnrollment = (e: EnrollmentRow, me: string) => ({
  contentsid: e.contentsid,
  useruid: me,
  firstplaydate: isoOrNull(e.first_play_at),
  downloaddate: isoOrNull(e.downloaded_at),
  expiredate: iso(e.end_at),
});

/**
 * The browser's confirmation of a first play or download (the server already recorded it when it issued the
 * video source or served the handout: server/domain/usage.ts). It can only add the first time, never move or
 * clear it, and answers the enrolment's marks.
 */
async function stampFirstUse(ctx: OpCtx<'recordFirstPlay'> | OpCtx<'recordDownload'>, use: FirstUse) {
  const me = ownUser(ctx, ctx.params.useruid);
  const e = await recordFirstUse(ctx.s.db, me, ctx.params.contentsid, use);
  if (!e) return fail(404, NO_ENROLLMENT);
  return ok<DatasOf<'recordFirstPlay'>>(toEnrollment(e, me));
}

/** Orders: the already-bought check, Save (priced by the server), the card's confirmation, history, first play and download. */
export const payment = {
  async isCompleteTitle(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const ids = ctx.body.contentsids;
    const rows = await classesOwnedNow(ctx.s.db, me, ids);
    const titles = rows.map((r) => r.title);
    return ok(
      { iscomplete: rows.length > 0, contentsids: rows.map((r) => r.contentsid), titles },
      rows.length ? `이미 구매한 강의가 있습니다: ${titles.join(', ')}` : '',
    );
  },
  async savePayment(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const key = ctx.req.headers.get('idempotency-key');
    const ids = idsText(b.contentsids);
    // A coupon number is a guessable secret whose existence this answer tells (404 against 409): it shares the
    // lookup's allowance (issue 41). Without a coupon, paying is not a guess and is never throttled.
    if (b.couponnumber) await throttle(ctx, GUESSABLE.coupon);
    const p = await ctx.s.db.transaction().execute(async (tx) => {
      const balance = await lockMember(tx, me);
      await expireOpenOrders(tx, me);
      if (key) {
        const same = await one(tx, sql<PaymentRow>`select * from payments where useruid = ${me} and idempotency_key = ${key}`);
        if (same && same.contentsids !== ids) return fail(409, '이미 다른 주문에 사용된 요청 키입니다.');
        if (same) return same; // the same request again: the same order, whatever state it reached
      }
      // One open order per member and lecture set: a second Save re-prices it instead of adding another.
      const open = await one(
        tx,
        sql<PaymentRow>`select * from payments where useruid = ${me} and contentsids = ${ids} and status = 'ready'`,
      );
      // Its payment may have been charged while PortOne could not be asked: it is settled, never re-priced.
      if (open?.confirming_at) return fail(409, CONFIRMING);
      const o = await priceOrder(tx, me, balance, b, open?.paymentid ?? 0);
      const row = open
        ? await one(
            tx,
            sql<PaymentRow>`update payments set title = ${o.title}, amount = ${o.paid}, price_total = ${o.total},
              coupon_discount = ${o.discount},
              point_used = ${b.pointused}, couponnumber = ${o.couponnumber}, pay_method = ${o.method}, expires_at = ${o.expires},
              idempotency_key = coalesce(idempotency_key, ${key}) where paymentid = ${open.paymentid} returning *`,
          )
        : await one(
            tx,
            sql<PaymentRow>`insert into payments (useruid, title, contentsids, amount, price_total, coupon_discount, point_used,
                couponnumber,                 status, pay_method, created_at, expires_at, idempotency_key)
              values (${me}, ${o.title}, ${o.ids}, ${o.paid}, ${o.total}, ${o.discount}, ${b.pointused}, ${o.couponnumber},
                'ready', ${o.method},
                ${kst()}, ${o.expires}, ${key}) returning *`,
          );
      if (!row) return fail(404, NO_PAYMENT);
      if (!open) {
        for (const l of o.list) {
          await sql`insert into payment_items (paymentid, contentsid, price)
            values (${row.paymentid}, ${l.contentsid}, ${l.saleprice})`.execute(tx);
        }
      }
      if (o.method === 'free') {
        const paid = await one(
          tx,
          sql<PaymentRow>`update payments set status = 'paid', paid_at = ${kst()} where paymentid = ${row.paymentid} returning *`,
        );
        await fulfil(tx, paid!);
        return paid!;
      }
      return row;
    });
    return ok(toPayment(p), p.status === 'paid' && p.pay_method === 'free' ? '무료 수강 신청이 완료되었습니다.' : '');
  },
  async updatePaid(ctx) {
    const me = ownUser(ctx, undefined);
    const { paymentid, pgtid } = ctx.body;
    const p = await one(ctx.s.db, sql<PaymentRow>`select * from payments where paymentid = ${paymentid} and useruid = ${me}`);
    if (!p) return fail(404, NO_PAYMENT);
    // PortOne: the order's own payment id, whatever the browser says; the local card: the transaction it approved.
    const local = ctx.s.gateway.name === 'local';
    const settled = await syncPayment(ctx.s, p, local ? pgtid : p.provider_payment_id);
    if (settled.kind === 'refused') return fail(settled.status === 404 ? 404 : 409, settled.message);
    if (settled.kind === 'confirming') return accepted<DatasOf<'updatePaid'>>(toPayment(settled.order), CONFIRMING);
    // The webhook may have settled it first: only the demo's second confirmation of the same card is refused.
    if (settled.before && local) return fail(409, ALREADY_PAID);
    return ok(toPayment(settled.order), '결제가 완료되었습니다.');
  },
  async getPaymentList(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const st = ctx.body.status ?? null;
    // An order is what was paid, whatever came after (refunds); the rest were attempts (yaml: PaymentListRequest.view).
    // A status names its orders exactly; without one, the view picks the group.
    const view = ctx.body.view === 'attempts' ? sql`paid_at is null` : sql`paid_at is not null`;
    const where = sql`useruid = ${me} and ${st ? sql`status = ${st}` : view}`;
    const rows = await all(
      ctx.s.db,
      sql<PaymentRow>`select * from payments where ${where} order by paymentid desc limit ${p.pageSize} offset ${p.offset}`,
    );
    const total = (await one(ctx.s.db, sql<CountRow>`select count(*)::int as n from payments where ${where}`))?.n ?? 0;
    return ok(pageOf(rows.map(toPayment), total, p));
  },
  async getPaymentInfo(ctx) {
    const me = ownUser(ctx, undefined);
    const { paymentid, contentsid } = ctx.params;
    const p = await one(ctx.s.db, sql<PaymentRow>`select * from payments where paymentid = ${paymentid} and useruid = ${me}`);
    if (!p || (contentsid !== 0 && !idsOf(p).includes(contentsid))) return fail(404, NO_PAYMENT);
    return ok(toPayment(p));
  },
  recordFirstPlay: (ctx) => stampFirstUse(ctx, 'play'),
  recordDownload: (ctx) => stampFirstUse(ctx, 'download'),
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const paymentCache = {
  isCompleteTitle: uncachedRead,
  savePayment: writes(['payments', 'payment_items']),
  updatePaid: writes(SYNC_TABLES),
  getPaymentList: uncachedRead,
  getPaymentInfo: uncachedRead,
  recordFirstPlay: writes(['enrollments']),
  recordDownload: writes(['enrollments']),
} satisfies CacheTable<typeof payment>;
