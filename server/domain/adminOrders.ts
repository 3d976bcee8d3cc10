import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { EnrollmentRow, PaymentRow, RefundRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { GatewayUnavailable, type PaymentGateway, type ProviderPayment } from './paymentGateway';
import { LEFT_MEMBER, maskEmail, maskName } from './privacy';
import { factsOf, NO_PAYMENT, NOT_PAID, providerIdOf, REFUNDABLE_STATUS } from './refunds';
import { quoteRefund, type RefundQuote } from '../../rules/refund';
import { cancellableOf } from './storeRefunds';

/**
 * The console's orders (issue 39): one page of orders with the filters an operator asks by, and one order with
 * everything the store and the provider know of it. Members are masked here: their whole record, with its access
 * record, is the members screen's.
 */

type Filter = components['schemas']['AdminOrderQuery'];

/** An order as the list reads it: its member's name and address, and whether a refund claim of it waits. */
export interface OrderListRow extends PaymentRow {
  name: string | null;
  email: string | null;
  left_at: string | null;
  unsettled: boolean;
}


/** The method filter as SQL: `card` is every card payment, `installment` those in 할부 of 2 months or more. */
function methodIs(method: Filter['method']) {
  if (!method) return sql`true`;
  if (method === 'free') return sql`p.pay_method = 'free'`;
  if (method === 'installment') return sql`p.pay_method <> 'free' and p.paid_method = 'card' and p.installment_month >= 2`;
  return sql`p.pay_method <> 'free' and p.paid_method = ${method}`;
}

const listColumns = sql`p.*, m.name, m.email, m.left_at,
  exists (select 1 from refunds r where r.paymentid = p.paymentid and r.status = 'pending' and r.unsettled_at is not null) as unsettled`;

/**
 * One page, newest first, cut on the order id (keyset: a deep page costs what the first does). The period is the
 * order's KST date (`created_at` is stored as KST text), both days inclusive.
 */
export async function orderPage(db: Db, f: Filter): Promise<{ rows: OrderListRow[]; nextBefore: number | null }> {
  if (f.from && f.until && f.until < f.from) return fail(400, '기간의 끝이 시작보다 앞설 수 없습니다.');
  // The member named by id or address, resolved first so the member's own index (payments_member_recent) serves it.
  let member: string | null = null;
  if (f.member?.trim()) {
    const who = f.member.trim();
    const m = await one(db, sql<{ useruid: string }>`select useruid from members where useruid = ${who} or email in (${who}, ${who.toLowerCase()}) limit 1`);
    if (!m) return { rows: [], nextBefore: null };
    member = m.useruid;
  }
  const rows = await all(
    db,
    sql<OrderListRow>`select ${listColumns} from payments p left join members m on m.useruid = p.useruid
      where (${f.before ?? null}::int is null or p.paymentid < ${f.before ?? null}::int)
        and (${f.from ?? null}::text is null or p.created_at >= ${f.from ?? null}::text)
        and (${f.until ?? null}::text is null or p.created_at < (${f.until ?? null}::date + 1)::text)
        and (${f.status ?? null}::text is null or p.status = ${f.status ?? null}::text)
        and ${methodIs(f.method)}
        and (${f.contentsid ?? null}::int is null
          or exists (select 1 from payment_items i where i.paymentid = p.paymentid and i.contentsid = ${f.contentsid ?? null}::int))
        and (${member}::text is null or p.useruid = ${member}::text)
      order by p.paymentid desc limit ${f.limit + 1}`,
  );
  const more = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  return { rows: page, nextBefore: more ? page[page.length - 1]!.paymentid : null };
}

/** The member as a list shows them: masked, or 탈퇴 회원 with nothing personal. */
export const maskedMember = (r: { name: string | null; email: string | null; left_at: string | null }) =>
  r.left_at || !r.name ? { member: LEFT_MEMBER, email: '' } : { member: maskName(r.name), email: r.email ? maskEmail(r.email) : '' };

interface OrderLine {
  contentsid: number;
  title: string;
  price: number;
  refunded: boolean;
  enrolment: EnrollmentRow | undefined;
  /** The first play of any of its paid lectures under this order, or its first download. */
  firstUsed: Date | null;
}

interface OrderDetail {
  order: OrderListRow;
  lines: OrderLine[];
  refunds: RefundRow[];
  cancellable: number;
  provider: { source: 'portone' | 'demo'; record: ProviderPayment } | null;
  providerError: string | null;
  /** What the member's own refund rule would return now (rules/refund.ts), in the member's words. */
  rule: Pick<RefundQuote, 'refundable' | 'amount' | 'reasons'>;
}

/**
 * The order, its lines (with the enrolment each gave, if it still has one), its refunds, and the provider's own
 * record read now (PortOne's in live mode, the demo's ledger in the demo), through the same gateway every payment
 * and refund reads it with.
 */
export async function orderDetail(db: Db, gateway: PaymentGateway, paymentid: number): Promise<OrderDetail> {
  const order = await one(db, sql<OrderListRow>`select ${listColumns} from payments p left join members m on m.useruid = p.useruid
    where p.paymentid = ${paymentid}`);
  if (!order) return fail(404, NO_PAYMENT);
  const items = await all(
    db,
    sql<{ contentsid: number; price: number; title: string }>`select i.contentsid, i.price, l.title
      from payment_items i join lectures l on l.contentsid = i.contentsid where i.paymentid = ${paymentid} order by i.contentsid`,
  );
  const enrolled = await all(db, sql<EnrollmentRow>`select * from enrollments where paymentid = ${paymentid} and useruid = ${order.useruid}`);
  const refunds = await all(db, sql<RefundRow>`select * from refunds where paymentid = ${paymentid} order by refundid`);
  const ended = new Set(refunds.filter((r) => r.status === 'done').flatMap((r) => r.contentsids.split(',').filter(Boolean).map(Number)));
  // The member's rule, read from the same facts the member's quote reads (issue 42: one rule, one set of words).
  const paid = REFUNDABLE_STATUS.includes(order.status)
    ? await one(db, sql<PaymentRow>`select * from payments where paymentid = ${paymentid}`)
    : undefined;
  const facts = paid ? await factsOf(db, paid) : undefined;
  const rule = facts ? quoteRefund(facts, new Date()) : { refundable: false, amount: 0, reasons: [NOT_PAID] };
  const firstUse = (contentsid: number) => {
    const l = facts?.lectures.find((x) => x.contentsid === contentsid);
    const times = [...(l?.videos ?? []).map((v) => v.playedAt), l?.downloadedAt].filter((t): t is Date => !!t).map((t) => t.getTime());
    return times.length ? new Date(Math.min(...times)) : null;
  };
  const lines = items.map((i) => ({
    ...i,
    refunded: ended.has(i.contentsid),
    enrolment: enrolled.find((e) => e.contentsid === i.contentsid),
    firstUsed: firstUse(i.contentsid),
  }));
  let provider: OrderDetail['provider'] = null;
  let providerError: string | null = null;
  // A free order, or one never sent to the provider, has no record there.
  if (order.pay_method !== 'free' && (order.provider_txid || gateway.name === 'portone')) {
    try {
      const record = await gateway.find(providerIdOf(gateway, order));
      if (record) provider = { source: gateway.name === 'portone' ? 'portone' : 'demo', record };
      else providerError = '결제사에 이 결제의 기록이 없습니다.';
    } catch (e) {
      if (!(e instanceof GatewayUnavailable)) throw e;
      providerError = '결제사와 연결할 수 없어 결제사 기록을 읽지 못했습니다.';
    }
  }
  return {
    order,
    lines,
    refunds,
    cancellable: cancellableOf(order),
    provider,
    providerError,
    rule: { refundable: rule.refundable, amount: rule.amount, reasons: rule.reasons },
  };
}
