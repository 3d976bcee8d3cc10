import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { CountRow, EnrollmentRow, LocalPaymentRow, PaymentRow } from '../db/rows';
import { all, one } from '../db/query';
import { expireOpenOrders, fulfil, idsOf, idsText, lockMember, priceOrder, FULFIL_TABLES } from '../domain/orders';
import { iso, isoOrNull, kst } from '../lib/time';
import { Failure, fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { page, pageOf } from '../domain/paging';
import { ok, type DatasOf, type Handlers, type OpCtx } from '../openapi/typed';
import { classesOwnedNow } from '../domain/ownership';
import { recordFirstUse, type FirstUse } from '../domain/usage';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';

const NO_PAYMENT = '결제 정보를 찾을 수 없습니다.';
const NO_ENROLLMENT = '수강 정보를 찾을 수 없습니다.';
const TIME_UP = '결제 가능 시간이 지났습니다. 다시 주문해주세요.';

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
  regdate: iso(p.created_at),
  paiddate: isoOrNull(p.paid_at),
  pgtid: p.provider_txid ?? null,
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
    const { paymentid, pgtid, amount } = ctx.body;
    // Refusals that end the order are committed (order failed, card refunded) before the 409 is answered.
    const outcome = await ctx.s.db.transaction().execute(async (tx) => {
      const balance = await lockMember(tx, me);
      const p = await one(
        tx,
        sql<PaymentRow>`select * from payments where paymentid = ${paymentid} and useruid = ${me} for update`,
      );
      if (!p) return fail(404, NO_PAYMENT);
      if (p.status === 'paid') return fail(409, '이미 결제가 완료된 주문입니다.');
      if (p.status !== 'ready') return fail(409, '결제를 완료할 수 없는 주문 상태입니다.');
      // Verified server-side against the provider's own record, never trusting the browser's amount alone.
      const t = await one(tx, sql<LocalPaymentRow>`select * from local_payments where txid = ${pgtid}`);
      if (!t) return fail(404, '결제 승인 내역을 찾을 수 없습니다.');
      if (t.consumed_at) return fail(409, '이미 처리된 결제 승인입니다.');
      if (t.status !== 'approved') return fail(409, '승인되지 않은 결제입니다.');
      if (Number(t.merchant_uid) !== p.paymentid || t.amount !== p.amount || amount !== p.amount) {
        return fail(409, '결제 금액이 주문 금액과 일치하지 않습니다.');
      }
      const refuse = async (status: 'cancelled' | 'failed', message: string) => {
        await sql`update payments set status = ${status}, cancelled_at = ${kst()} where paymentid = ${paymentid}`.execute(tx);
        await sql`update local_payments set status = 'cancelled' where txid = ${pgtid}`.execute(tx); // refunded, never kept
        return new Failure(409, message);
      };
      if (p.expires_at && p.expires_at < kst()) return refuse('cancelled', TIME_UP);
      const owned = await classesOwnedNow(tx, me, idsOf(p), paymentid);
      if (owned.length) return refuse('failed', '이미 수강 중인 강의가 포함된 주문입니다.');
      if (p.point_used > balance) return refuse('failed', '보유 포인트가 부족합니다.');
      if (
        p.couponnumber &&
        (await one(tx, sql`select 1 from coupons where couponnumber = ${p.couponnumber} and used_by is not null`))
      ) {
        return refuse('failed', '이미 사용한 쿠폰입니다.');
      }
      await sql`update local_payments set consumed_at = ${kst()} where txid = ${pgtid}`.execute(tx);
      const paid = await one(
        tx,
        sql<PaymentRow>`update payments set status = 'paid', paid_at = ${kst()}, provider_txid = ${pgtid}
          where paymentid = ${paymentid} returning *`,
      );
      await fulfil(tx, paid!);
      return paid!;
    });
    if (outcome instanceof Failure) throw outcome;
    return ok(toPayment(outcome), '결제가 완료되었습니다.');
  },
  async getPaymentList(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const st = ctx.body.status ?? null;
    const where = sql`useruid = ${me} and (${st}::text is null or status = ${st})`;
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
  updatePaid: writes(['payments', 'local_payments', ...FULFIL_TABLES]),
  getPaymentList: uncachedRead,
  getPaymentInfo: uncachedRead,
  recordFirstPlay: writes(['enrollments']),
  recordDownload: writes(['enrollments']),
} satisfies CacheTable<typeof payment>;
