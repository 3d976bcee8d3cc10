import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Failure, fail, ok, type Handler } from './context';
import { expireOpenOrders, fulfil, idsOf, lockMember, priceOrder, usablePoints } from './orders';
import { iso, isoOrNull, lectureOr404, lectures, one, ownUser, page, pageOf } from './shared';
import { kst } from '../time';

async function cartResult(db: any, me: string, action: string, contentsid: number) {
  const rows = await sql<any>`select * from carts where useruid = ${me} order by created_at, contentsid`.execute(db);
  const ids = rows.rows.map((r) => r.contentsid);
  const list = ids.length ? await lectures(db, sql`l.contentsid in (${sql.join(ids)})`) : [];
  const items = rows.rows.map((r, i) => {
    const l = list.find((x) => x.contentsid === r.contentsid)!;
    return { cartid: i + 1, itemtype: l.itemtype, contentsid: r.contentsid, optionvalue: r.optionvalue || null, optionname: r.optionvalue ? `${r.optionvalue}일 수강권` : null, price: l.price, saleprice: l.saleprice, period: l.period, regdate: iso(r.created_at), lecture: l };
  });
  return {
    action, count: items.length, exists: ids.includes(contentsid), items,
    totalprice: items.reduce((a, i) => a + i.price, 0), totalsaleprice: items.reduce((a, i) => a + i.saleprice, 0),
  };
}

const cartAction: Handler = async (ctx) => {
  const { type, useruid, contentsid } = ctx.params;
  const me = ownUser(ctx, useruid);
  const db = ctx.s.db;
  if (type === 'add') {
    if (contentsid === 0) return fail(400, '담을 강의를 선택해주세요.');
    await lectureOr404(db, contentsid);
    if (await one(db, sql`select 1 from enrollments where useruid = ${me} and contentsid = ${contentsid} and end_at > ${kst()}`)) return fail(409, '이미 수강 중인 강의입니다.');
    if (await one(db, sql`select 1 from carts where useruid = ${me} and contentsid = ${contentsid}`)) return fail(409, '이미 장바구니에 담긴 강의입니다.');
    await sql`insert into carts (useruid, contentsid, itemtype, optionvalue, created_at) values (${me}, ${contentsid}, ${ctx.params.itemtype}, ${ctx.params.optionvalue ?? ''}, ${kst()})`.execute(db);
    return ok(await cartResult(db, me, type, contentsid), '장바구니에 담았습니다.');
  }
  if (type === 'remove') {
    // contentsid 0 empties the cart (after a whole payment).
    const r = contentsid === 0 ? await sql`delete from carts where useruid = ${me}`.execute(db) : await sql`delete from carts where useruid = ${me} and contentsid = ${contentsid}`.execute(db);
    if (contentsid !== 0 && !Number(r.numAffectedRows ?? 0)) return fail(404, '장바구니에 없는 강의입니다.');
    return ok(await cartResult(db, me, type, contentsid), '장바구니에서 삭제했습니다.');
  }
  return ok(await cartResult(db, me, type, contentsid));
};

const toPayment = (p: any) => ({
  paymentid: p.paymentid, useruid: p.useruid, contentsids: String(p.contentsids).split(',').filter(Boolean).map(Number), title: p.title,
  amount: p.price_total, pointused: p.point_used, couponnumber: p.couponnumber ?? null, coupondiscount: p.coupon_discount, paidamount: p.amount,
  status: p.status, paymethod: p.pay_method, regdate: iso(p.created_at), paiddate: isoOrNull(p.paid_at), pgtid: p.provider_txid ?? null,
});

const toPoint = (p: any) => ({ pointid: p.pointid, useruid: p.useruid, amount: p.amount, balance: p.balance, reason: p.reason, paymentid: p.paymentid ?? null, regdate: iso(p.created_at), expiredate: null });

function couponOf(c: any) {
  return { couponnumber: c.couponnumber, name: c.title, discounttype: c.discount_rate ? 'percent' : 'fixed', discountvalue: c.discount_rate || c.discount_amount, minprice: c.min_amount, maxdiscount: null, expiredate: iso(c.expires_at), isused: !!c.used_by };
}

export const commerce: Record<string, Handler> = {
  cartAction,
  cartActionWithOption: cartAction,

  async isCompleteTitle(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const ids: number[] = ctx.body.contentsids;
    const rows = ids.length ? (await sql<any>`select e.contentsid, l.title from enrollments e join lectures l on l.contentsid = e.contentsid where e.useruid = ${me} and e.end_at > ${kst()} and e.contentsid in (${sql.join(ids)})`.execute(ctx.s.db)).rows : [];
    return ok({ iscomplete: rows.length > 0, contentsids: rows.map((r) => r.contentsid), titles: rows.map((r) => r.title) }, rows.length ? `이미 구매한 강의가 있습니다: ${rows.map((r) => r.title).join(', ')}` : '');
  },
  async savePayment(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const key = ctx.req.headers.get('idempotency-key');
    const p = await ctx.s.db.transaction().execute(async (tx) => {
      const balance = await lockMember(tx, me);
      await expireOpenOrders(tx, me);
      if (key) {
        const same = await one<any>(tx, sql`select * from payments where useruid = ${me} and idempotency_key = ${key}`);
        if (same && same.contentsids !== [...new Set<number>(b.contentsids)].sort((x, y) => x - y).join(',')) return fail(409, '이미 다른 주문에 사용된 요청 키입니다.');
        if (same) return same; // the same request again: the same order, whatever state it reached
      }
      // One open order per member and lecture set: a second Save re-prices it instead of adding another.
      const ids = [...new Set<number>(b.contentsids)].sort((x, y) => x - y).join(',');
      const open = await one<any>(tx, sql`select * from payments where useruid = ${me} and contentsids = ${ids} and status = 'ready'`);
      const o = await priceOrder(tx, me, balance, b, open?.paymentid ?? 0);
      const row = open
        ? await one<any>(tx, sql`update payments set title = ${o.title}, amount = ${o.paid}, price_total = ${o.total}, coupon_discount = ${o.discount}, point_used = ${b.pointused},
            couponnumber = ${o.couponnumber}, pay_method = ${o.method}, expires_at = ${o.expires}, idempotency_key = coalesce(idempotency_key, ${key})
            where paymentid = ${open.paymentid} returning *`)
        : await one<any>(tx, sql`insert into payments (useruid, title, contentsids, amount, price_total, coupon_discount, point_used, couponnumber, status, pay_method, created_at, expires_at, idempotency_key)
            values (${me}, ${o.title}, ${o.ids}, ${o.paid}, ${o.total}, ${o.discount}, ${b.pointused}, ${o.couponnumber}, 'ready', ${o.method}, ${kst()}, ${o.expires}, ${key}) returning *`);
      if (!open) for (const l of o.list) await sql`insert into payment_items (paymentid, contentsid, price) values (${row.paymentid}, ${l.contentsid}, ${l.saleprice})`.execute(tx);
      if (o.method === 'free') {
        const paid = await one<any>(tx, sql`update payments set status = 'paid', paid_at = ${kst()} where paymentid = ${row.paymentid} returning *`);
        await fulfil(tx, paid);
        return paid;
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
      const p = await one<any>(tx, sql`select * from payments where paymentid = ${paymentid} and useruid = ${me} for update`);
      if (!p) return fail(404, '결제 정보를 찾을 수 없습니다.');
      if (p.status === 'paid') return fail(409, '이미 결제가 완료된 주문입니다.');
      if (p.status !== 'ready') return fail(409, '결제를 완료할 수 없는 주문 상태입니다.');
      // Verified server-side against the provider's own record, never trusting the browser's amount alone.
      const t = await one<any>(tx, sql`select * from local_payments where txid = ${pgtid}`);
      if (!t) return fail(404, '결제 승인 내역을 찾을 수 없습니다.');
      if (t.consumed_at) return fail(409, '이미 처리된 결제 승인입니다.');
      if (t.status !== 'approved') return fail(409, '승인되지 않은 결제입니다.');
      if (Number(t.merchant_uid) !== p.paymentid || t.amount !== p.amount || amount !== p.amount) return fail(409, '결제 금액이 주문 금액과 일치하지 않습니다.');
      const refuse = async (status: 'cancelled' | 'failed', message: string) => {
        await sql`update payments set status = ${status}, cancelled_at = ${kst()} where paymentid = ${paymentid}`.execute(tx);
        await sql`update local_payments set status = 'cancelled' where txid = ${pgtid}`.execute(tx); // refunded, never kept
        return new Failure(409, message);
      };
      if (p.expires_at && p.expires_at < kst()) return refuse('cancelled', '결제 가능 시간이 지났습니다. 다시 주문해주세요.');
      const owned = await one(tx, sql`select 1 from enrollments where useruid = ${me} and end_at > ${kst()} and paymentid is distinct from ${paymentid} and contentsid in (${sql.join(idsOf(p))})`);
      if (owned) return refuse('failed', '이미 수강 중인 강의가 포함된 주문입니다.');
      if (p.point_used > balance) return refuse('failed', '보유 포인트가 부족합니다.');
      if (p.couponnumber && (await one(tx, sql`select 1 from coupons where couponnumber = ${p.couponnumber} and used_by is not null`))) return refuse('failed', '이미 사용한 쿠폰입니다.');
      await sql`update local_payments set consumed_at = ${kst()} where txid = ${pgtid}`.execute(tx);
      const paid = await one<any>(tx, sql`update payments set status = 'paid', paid_at = ${kst()}, provider_txid = ${pgtid} where paymentid = ${paymentid} returning *`);
      await fulfil(tx, paid);
      return paid;
    });
    if (outcome instanceof Failure) throw outcome;
    return ok(toPayment(outcome), '결제가 완료되었습니다.');
  },
  async getPaymentList(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const st = ctx.body.status ?? null;
    const rows = await sql<any>`select * from payments where useruid = ${me} and (${st}::text is null or status = ${st}) order by paymentid desc limit ${p.pageSize} offset ${p.offset}`.execute(ctx.s.db);
    const total = (await one<any>(ctx.s.db, sql`select count(*)::int as n from payments where useruid = ${me} and (${st}::text is null or status = ${st})`))!.n;
    return ok(pageOf(rows.rows.map(toPayment), total, p));
  },
  async getPaymentInfo(ctx) {
    const me = ownUser(ctx, undefined);
    const { paymentid, contentsid } = ctx.params;
    const p = await one<any>(ctx.s.db, sql`select * from payments where paymentid = ${paymentid} and useruid = ${me}`);
    if (!p || (contentsid !== 0 && !String(p.contentsids).split(',').map(Number).includes(contentsid))) return fail(404, '결제 정보를 찾을 수 없습니다.');
    return ok(toPayment(p));
  },
  async recordFirstPlay(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const e = await one<any>(ctx.s.db, sql`update enrollments set first_play_at = coalesce(first_play_at, ${kst()}) where useruid = ${me} and contentsid = ${ctx.params.contentsid} returning *`);
    if (!e) return fail(404, '수강 정보를 찾을 수 없습니다.');
    return ok({ contentsid: e.contentsid, useruid: me, firstplaydate: isoOrNull(e.first_play_at), downloaddate: isoOrNull(e.downloaded_at), expiredate: iso(e.end_at) });
  },
  async recordDownload(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const e = await one<any>(ctx.s.db, sql`update enrollments set downloaded_at = coalesce(downloaded_at, ${kst()}) where useruid = ${me} and contentsid = ${ctx.params.contentsid} returning *`);
    if (!e) return fail(404, '수강 정보를 찾을 수 없습니다.');
    return ok({ contentsid: e.contentsid, useruid: me, firstplaydate: isoOrNull(e.first_play_at), downloaddate: isoOrNull(e.downloaded_at), expiredate: iso(e.end_at) });
  },

  async getPoints(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const p = page(ctx.body);
    const kind = ctx.body.kind ?? 'all';
    const rows = await sql<any>`select * from (select p.*, sum(amount) over (order by created_at, pointid)::int as balance from points p where useruid = ${me}) x
      where ${kind} = 'all' or (${kind} = 'earn' and amount > 0) or (${kind} = 'use' and amount < 0) order by created_at desc, pointid desc`.execute(ctx.s.db);
    return ok(pageOf(rows.rows.slice(p.offset, p.offset + p.pageSize).map(toPoint), rows.rows.length, p));
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
    const p = await one<any>(ctx.s.db, sql`select * from payments where paymentid = ${paymentid} and useruid = ${me}`);
    if (!p) return fail(404, '결제 정보를 찾을 수 없습니다.');
    if (p.status !== 'paid') return fail(409, '결제가 완료된 주문의 포인트만 확인할 수 있습니다.');
    const r = await one<any>(ctx.s.db, sql`select x.* from (select p.*, sum(amount) over (order by created_at, pointid)::int as balance from points p where useruid = ${me}) x
      where paymentid = ${paymentid} and kind = ${amount < 0 ? 'use' : 'earn'}`);
    if (!r || r.amount !== amount) return fail(409, '결제 내역의 포인트와 일치하지 않습니다.');
    return ok(toPoint(r));
  },
  async getCouponInfo(ctx) {
    ownUser(ctx, undefined);
    const c = await one<any>(ctx.s.db, sql`select * from coupons where couponnumber = ${ctx.params.couponnumber}`);
    if (!c) return fail(404, '쿠폰을 찾을 수 없습니다.');
    const held = await one(ctx.s.db, sql`select 1 from payments where couponnumber = ${c.couponnumber} and status = 'ready' and expires_at >= ${kst()}`);
    return ok(couponOf(c), c.used_by ? '이미 사용한 쿠폰입니다.' : c.expires_at < kst() ? '사용 기간이 지난 쿠폰입니다.' : held ? '다른 주문에 사용 중인 쿠폰입니다.' : '');
  },
  async useCoupon(ctx) {
    // The coupon is marked used at UpdatePaid; this call confirms it for that paid order, idempotently.
    const me = ownUser(ctx, ctx.body.useruid);
    const p = await one<any>(ctx.s.db, sql`select * from payments where paymentid = ${ctx.body.paymentid} and useruid = ${me}`);
    if (!p) return fail(404, '결제 정보를 찾을 수 없습니다.');
    const c = await one<any>(ctx.s.db, sql`select * from coupons where couponnumber = ${ctx.body.couponnumber}`);
    if (!c) return fail(404, '쿠폰을 찾을 수 없습니다.');
    if (p.couponnumber !== c.couponnumber) return fail(409, '이 주문에 적용된 쿠폰이 아닙니다.');
    if (p.status !== 'paid' || c.used_by !== me) return fail(409, '결제가 완료된 주문의 쿠폰만 확인할 수 있습니다.');
    return ok(couponOf(c), '쿠폰이 적용되었습니다.');
  },

  // ---- local card provider (stands in for PortOne; the production adapter calls the real one)
  async createLocalPayTransaction({ s, body }) {
    const p = await one<any>(s.db, sql`select * from payments where paymentid = ${body.paymentid}`);
    if (!p) return fail(404, '결제 정보를 찾을 수 없습니다.');
    const pgtid = `LPT-${kst().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex')}`;
    await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at) values (${pgtid}, ${String(body.paymentid)}, ${body.amount}, 'pending', ${kst()})`.execute(s.db);
    return ok({ pgtid, status: 'pending' });
  },
  async getLocalPayTransaction({ s, params }) {
    const t = await one<any>(s.db, sql`select * from local_payments where txid = ${params.pgtid}`);
    if (!t) return fail(404, '결제 거래를 찾을 수 없습니다.');
    return ok(toTx(t));
  },
  approveLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'approved', ['pending']),
  declineLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'declined', ['pending']),
  cancelLocalPayTransaction: ({ s, params }) => transition(s.db, params.pgtid, 'cancelled', ['pending', 'approved']),
};

const toTx = (t: any) => ({ pgtid: t.txid, status: t.status, amount: t.amount, paymentid: Number(t.merchant_uid), method: 'card', regdate: iso(t.created_at) });

async function transition(db: any, pgtid: string, to: string, from: string[]) {
  // One transaction: the card's new state and the order it ends change together.
  const u = await db.transaction().execute(async (tx: any) => {
    const t = await one<any>(tx, sql`select * from local_payments where txid = ${pgtid} for update`);
    if (!t) return fail(404, '결제 거래를 찾을 수 없습니다.');
    if (!from.includes(t.status) || (to === 'cancelled' && t.consumed_at)) return fail(409, `현재 상태(${t.status})에서는 처리할 수 없는 요청입니다.`);
    // A declined or cancelled card ends its open order, which releases the coupon and points it held.
    if (to !== 'approved') await sql`update payments set status = ${to === 'declined' ? 'failed' : 'cancelled'}, cancelled_at = ${kst()} where paymentid = ${Number(t.merchant_uid)} and status = 'ready'`.execute(tx);
    return one<any>(tx, sql`update local_payments set status = ${to} where txid = ${pgtid} returning *`);
  });
  return ok(toTx(u), { approved: '결제가 승인되었습니다.', declined: '카드 결제가 거절되었습니다.', cancelled: '결제가 취소되었습니다.' }[to]);
}
