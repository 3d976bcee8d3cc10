import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { fail, ok, type Handler } from './context';
import { iso, isoOrNull, lectureOr404, lectures, one, ownUser, page, pageOf } from './shared';
import { daysFromNow, kst } from '../time';

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

const toPoint = (p: any) => ({ pointid: p.pointid, useruid: p.useruid, amount: p.amount, balance: p.balance, reason: p.reason, paymentid: null, regdate: iso(p.created_at), expiredate: null });
const pointSum = async (db: any, me: string) => (await one<any>(db, sql`select coalesce(sum(amount), 0)::int as n from points where useruid = ${me}`))!.n as number;

function couponOf(c: any) {
  return { couponnumber: c.couponnumber, name: c.title, discounttype: c.discount_rate ? 'percent' : 'fixed', discountvalue: c.discount_rate || c.discount_amount, minprice: c.min_amount, maxdiscount: null, expiredate: iso(c.expires_at), isused: !!c.used_by };
}

/** Enrols the member in every lecture of a paid payment and empties those cart lines. */
async function fulfil(db: any, p: any) {
  for (const contentsid of String(p.contentsids).split(',').map(Number)) {
    await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${p.useruid}, ${contentsid}, ${p.paymentid}, ${kst()}, ${daysFromNow(90)})
      on conflict (useruid, contentsid) do update set paymentid = excluded.paymentid, start_at = excluded.start_at, end_at = excluded.end_at`.execute(db);
    await sql`delete from carts where useruid = ${p.useruid} and contentsid = ${contentsid}`.execute(db);
  }
  if (p.point_used > 0) await sql`insert into points (useruid, amount, reason, created_at) values (${p.useruid}, ${-p.point_used}, '결제 시 사용', ${kst()})`.execute(db);
  if (p.amount > 0) await sql`insert into points (useruid, amount, reason, created_at) values (${p.useruid}, ${Math.floor(p.amount * 0.05)}, '결제 적립', ${kst()})`.execute(db);
  if (p.couponnumber) await sql`update coupons set used_by = ${p.useruid}, used_at = ${kst()} where couponnumber = ${p.couponnumber} and used_by is null`.execute(db);
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
    const db = ctx.s.db;
    const ids: number[] = [...new Set<number>(b.contentsids)];
    if (ids.length === 0) return fail(400, '결제할 강의를 선택해주세요.');
    const list = await lectures(db, sql`l.contentsid in (${sql.join(ids)})`);
    if (list.length !== ids.length) return fail(404, '요청하신 강의를 찾을 수 없습니다.');
    const total = list.reduce((a, l) => a + l.saleprice, 0);
    if (b.amount !== total) return fail(409, '결제 금액이 강의 가격과 일치하지 않습니다.');
    if (b.pointused > (await pointSum(db, me))) return fail(409, '보유 포인트가 부족합니다.');
    if (b.couponnumber) {
      const c = await one<any>(db, sql`select * from coupons where couponnumber = ${b.couponnumber}`);
      if (!c) return fail(404, '쿠폰을 찾을 수 없습니다.');
      if (c.used_by) return fail(409, '이미 사용한 쿠폰입니다.');
    }
    if (b.paidamount !== total - b.pointused - b.coupondiscount || b.paidamount < 0) return fail(409, '결제 금액이 올바르지 않습니다.');
    if ((b.paidamount === 0) !== (b.paymethod === 'free')) return fail(409, '결제 수단이 결제 금액과 맞지 않습니다.');
    const p = await db.transaction().execute(async (tx) => {
      const p = await one<any>(tx, sql`insert into payments (useruid, title, contentsids, amount, price_total, coupon_discount, point_used, couponnumber, status, pay_method, created_at)
        values (${me}, ${b.title}, ${ids.join(',')}, ${b.paidamount}, ${total}, ${b.coupondiscount}, ${b.pointused}, ${b.couponnumber ?? null}, 'ready', ${b.paymethod}, ${kst()}) returning *`);
      for (const l of list) await sql`insert into payment_items (paymentid, contentsid, price) values (${p.paymentid}, ${l.contentsid}, ${l.saleprice})`.execute(tx);
      if (b.paymethod === 'free') {
        const paid = await one<any>(tx, sql`update payments set status = 'paid', paid_at = ${kst()} where paymentid = ${p.paymentid} returning *`);
        await fulfil(tx, paid);
        return paid;
      }
      return p;
    });
    return ok(toPayment(p), p.status === 'paid' ? '무료 수강 신청이 완료되었습니다.' : '');
  },
  async updatePaid(ctx) {
    const me = ownUser(ctx, undefined);
    const { paymentid, pgtid, amount } = ctx.body;
    return ctx.s.db.transaction().execute(async (tx) => {
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
      await sql`update local_payments set consumed_at = ${kst()} where txid = ${pgtid}`.execute(tx);
      const paid = await one<any>(tx, sql`update payments set status = 'paid', paid_at = ${kst()}, provider_txid = ${pgtid} where paymentid = ${paymentid} returning *`);
      await fulfil(tx, paid);
      return ok(toPayment(paid), '결제가 완료되었습니다.');
    });
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
    return ok({ pointSum: await pointSum(ctx.s.db, ownUser(ctx, ctx.params.useruid)) });
  },
  async savePoint(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    if (ctx.body.amount < 0 && (await pointSum(ctx.s.db, me)) + ctx.body.amount < 0) return fail(409, '보유 포인트가 부족합니다.');
    const r = await one<any>(ctx.s.db, sql`insert into points (useruid, amount, reason, created_at) values (${me}, ${ctx.body.amount}, ${ctx.body.reason}, ${kst()}) returning *`);
    return ok(toPoint({ ...r, balance: await pointSum(ctx.s.db, me) }));
  },
  async getCouponInfo(ctx) {
    ownUser(ctx, undefined);
    const c = await one<any>(ctx.s.db, sql`select * from coupons where couponnumber = ${ctx.params.couponnumber}`);
    if (!c) return fail(404, '쿠폰을 찾을 수 없습니다.');
    return ok(couponOf(c), c.used_by ? '이미 사용한 쿠폰입니다.' : c.expires_at < kst() ? '사용 기간이 지난 쿠폰입니다.' : '');
  },
  async useCoupon(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const c = await one<any>(ctx.s.db, sql`select * from coupons where couponnumber = ${ctx.body.couponnumber}`);
    if (!c) return fail(404, '쿠폰을 찾을 수 없습니다.');
    if (!(await one(ctx.s.db, sql`select 1 from payments where paymentid = ${ctx.body.paymentid} and useruid = ${me}`))) return fail(404, '결제 정보를 찾을 수 없습니다.');
    if (c.used_by) return fail(409, '이미 사용한 쿠폰입니다.');
    if (c.expires_at < kst()) return fail(409, '사용 기간이 지난 쿠폰입니다.');
    const u = await one<any>(ctx.s.db, sql`update coupons set used_by = ${me}, used_at = ${kst()} where couponnumber = ${c.couponnumber} returning *`);
    return ok(couponOf(u), '쿠폰이 적용되었습니다.');
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
  const t = await one<any>(db, sql`select * from local_payments where txid = ${pgtid}`);
  if (!t) return fail(404, '결제 거래를 찾을 수 없습니다.');
  if (!from.includes(t.status) || (to === 'cancelled' && t.consumed_at)) return fail(409, `현재 상태(${t.status})에서는 처리할 수 없는 요청입니다.`);
  const u = await one<any>(db, sql`update local_payments set status = ${to} where txid = ${pgtid} returning *`);
  return ok(toTx(u), { approved: '결제가 승인되었습니다.', declined: '카드 결제가 거절되었습니다.', cancelled: '결제가 취소되었습니다.' }[to]);
}
