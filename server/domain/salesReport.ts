import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all } from '../db/query';
import { fail } from '../lib/failure';

/**
 * The console's sales (issue 39): gross, refunds, net, orders and the split by payment method per KST day, week,
 * month or class. Every figure is a SQL aggregate over the stored KST text timestamps; no order row is read into the
 * process, so a year of a large store costs the database's scan, not the server's memory.
 *
 * Booking: an order's charge on the KST day the order was made (the orders list's period filter, so its totals and
 * these agree), a refund on the KST day it was finished (what an accountant books), whatever the order's day.
 */

export type SalesQuery = components['schemas']['AdminSalesQuery'];
export type SalesGrouping = SalesQuery['groupby'];
export type SalesFigures = components['schemas']['AdminSalesFigures'];
export type SalesReport = components['schemas']['AdminSalesReport'];

/** Daily rows are for a year at most; weeks, months and classes for five. */
export const MAX_DAILY_DAYS = 366;
export const MAX_DAYS = 1827;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const realDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(dayNumber(day) * DAY_MS).toISOString().slice(0, 10) === day;

/** The period's length in days, or the Korean 400 that says why it cannot be reported. */
export function salesPeriodDays(q: SalesQuery): number {
  if (!realDay(q.from) || !realDay(q.until)) return fail(400, '날짜가 올바르지 않습니다.');
  if (q.until < q.from) return fail(400, '기간의 끝이 시작보다 앞설 수 없습니다.');
  const days = dayNumber(q.until) - dayNumber(q.from) + 1;
  if (q.groupby === 'day' && days > MAX_DAILY_DAYS)
    return fail(400, '일별 매출은 366일까지 볼 수 있습니다. 기간을 줄이거나 주·월별로 보세요.');
  if (days > MAX_DAYS) return fail(400, '매출은 한 번에 5년(1,827일)까지 볼 수 있습니다.');
  return days;
}

/** The statuses of an order that was charged and kept at least until its refunds (those are booked on their own days). */
const SOLD = sql`('paid', 'partially_refunded', 'refunded')`;

/** A KST text timestamp inside the period, both days inclusive (the orders list's own comparison). */
const inPeriod = (column: RawBuilder<unknown>, q: SalesQuery) =>
  sql`${column} >= ${q.from}::text and ${column} < (${q.until}::date + 1)::text`;

/** How the orders list names the method (adminOrders.ts methodIs): `free`, or what the provider recorded. */
const methodOf = sql`case when p.pay_method = 'free' then 'free' else p.paid_method end`;
const installmentOf = sql`(p.pay_method <> 'free' and p.paid_method = 'card' and p.installment_month >= 2)`;

/**
 * Every booking of the period at the order's level: paid orders on their KST day (each counting one order), finished
 * refunds on theirs. Columns: day, method, installment, gross, refunds, orders. (Summing per day and method here first
 * was slower: the hash on the day's text cost more than the filtered sums it saved.)
 */
const orderEntries = (q: SalesQuery) => sql`
  select substr(p.created_at, 1, 10) as day, ${methodOf} as method, ${installmentOf} as installment,
    p.amount as gross, 0 as refunds, 1 as orders
  from payments p where p.status in ${SOLD} and ${inPeriod(sql`p.created_at`, q)}
  union all
  select substr(r.done_at, 1, 10), ${methodOf}, ${installmentOf}, 0, r.amount, 0
  from refunds r join payments p on p.paymentid = r.paymentid
  where r.status = 'done' and ${inPeriod(sql`r.done_at`, q)}`;

/**
 * The same bookings shared among the orders' classes, summed per class and method: in proportion to the lines' prices
 * (bigint division: amounts are never negative, so it is the floor), the rounding won on the first line so a class's
 * shares add up to the order's amount exactly; an order of one class (no comma in its `contentsids`, the most of them)
 * goes whole to it, without the windows. A refund that names the lectures it ended is shared among those lines (among
 * all when none of them matches). `orders` counts the orders with a line of the class (payment_items' key is the order
 * and the class, so once each), `firsts` each order once, on its first line.
 */
const lineEntries = (q: SalesQuery) => sql`
  with sold as not materialized (
    select p.paymentid, p.amount::bigint as amount, ${methodOf} as method, ${installmentOf} as installment,
      strpos(p.contentsids, ',') > 0 as several
    from payments p where p.status in ${SOLD} and ${inPeriod(sql`p.created_at`, q)}
  ), sold_lines as (
    select s.paymentid, s.amount, s.method, s.installment, i.contentsid,
      row_number() over (partition by s.paymentid order by i.contentsid) as n,
      coalesce(s.amount * i.price / nullif(sum(i.price) over (partition by s.paymentid), 0), 0) as base
    from sold s join payment_items i on i.paymentid = s.paymentid where s.several
  ), done as (
    select r.refundid, r.paymentid, r.amount::bigint as amount, r.contentsids, ${methodOf} as method, ${installmentOf} as installment
    from refunds r join payments p on p.paymentid = r.paymentid
    where r.status = 'done' and ${inPeriod(sql`r.done_at`, q)}
  ), named as (
    select d.*, i.contentsid, i.price,
      i.contentsid::text = any(string_to_array(d.contentsids, ',')) as named
    from done d join payment_items i on i.paymentid = d.paymentid
  ), refund_lines as (
    select x.*, row_number() over (partition by x.refundid order by x.contentsid) as n,
      coalesce(x.amount * x.price / nullif(sum(x.price) over (partition by x.refundid), 0), 0) as base
    from (select nm.*, bool_or(nm.named) over (partition by nm.refundid) as any_named from named nm) x
    where x.named or not x.any_named
  )
  select i.contentsid, s.method, s.installment, sum(s.amount) as gross, 0::bigint as refunds, count(*) as orders, count(*) as firsts
  from sold s join payment_items i on i.paymentid = s.paymentid where not s.several
  group by 1, 2, 3
  union all
  select contentsid, method, installment, sum(share), 0, count(*), count(*) filter (where n = 1)
  from (select *, base + case when n = 1 then amount - sum(base) over (partition by paymentid) else 0 end as share from sold_lines) y
  group by 1, 2, 3
  union all
  select contentsid, method, installment, 0, sum(share), 0, 0
  from (select *, base + case when n = 1 then amount - sum(base) over (partition by refundid) else 0 end as share from refund_lines) z
  group by 1, 2, 3`;

/** The figures of a group of entries (columns as orderEntries names them), the orders counted by `orders`. */
const figuresCounting = (orders: RawBuilder<unknown>) => sql`
  coalesce(sum(e.gross), 0)::float8 as gross,
  coalesce(sum(e.refunds), 0)::float8 as refunds,
  coalesce(${orders}, 0)::int as orders,
  coalesce(sum(e.gross) filter (where e.method = 'card'), 0)::float8 as card,
  coalesce(sum(e.gross) filter (where e.installment), 0)::float8 as installment,
  coalesce(sum(e.gross) filter (where e.method = 'kakaopay'), 0)::float8 as kakaopay,
  coalesce(sum(e.gross) filter (where e.method = 'naverpay'), 0)::float8 as naverpay,
  coalesce(sum(e.gross) filter (where e.method = 'tosspay'), 0)::float8 as tosspay`;
const figures = figuresCounting(sql`sum(e.orders)`);

interface FigureColumns {
  gross: number;
  refunds: number;
  orders: number;
  card: number;
  installment: number;
  kakaopay: number;
  naverpay: number;
  tosspay: number;
}

const toFigures = (r: FigureColumns): SalesFigures => ({
  gross: r.gross,
  refunds: r.refunds,
  net: r.gross - r.refunds,
  orders: r.orders,
  methods: { card: r.card, installment: r.installment, kakaopay: r.kakaopay, naverpay: r.naverpay, tosspay: r.tosspay },
});

/** A KST day's bucket: itself, its week's Monday (ISO weeks), or its month. */
const bucketOf: Record<Exclude<SalesGrouping, 'class'>, RawBuilder<unknown>> = {
  day: sql`to_char(d.day::timestamp, 'YYYY-MM-DD')`,
  week: sql`to_char((d.day - (extract(isodow from d.day)::int - 1))::timestamp, 'YYYY-MM-DD')`,
  month: sql`to_char(d.day::timestamp, 'YYYY-MM')`,
};

interface PeriodRow extends FigureColumns {
  /** Null on the rollup's row: the whole period. */
  key: string | null;
  first: string;
  last: string;
}

/**
 * Every day, week or month of the period, with zeros where nothing was booked (per day first, then per bucket), and
 * the whole period as the rollup's row of the same pass.
 */
async function periodReport(db: Db, q: SalesQuery, grouping: Exclude<SalesGrouping, 'class'>, days: number): Promise<Pick<SalesReport, 'rows' | 'totals'>> {
  const rows = await all(
    db,
    sql<PeriodRow>`with per_day as (
        select e.day, ${figures} from (${orderEntries(q)}) e group by e.day
      ), days as (
        select (${q.from}::date + i) as day from generate_series(0, ${days - 1}::int) i
      ), bucketed as (
        select ${bucketOf[grouping]} as key, d.day, x.gross, x.refunds, x.orders, x.card, x.installment, x.kakaopay, x.naverpay, x.tosspay
          from days d left join per_day x on x.day = to_char(d.day::timestamp, 'YYYY-MM-DD')
      )
      select key,
        to_char(min(day)::timestamp, 'YYYY-MM-DD') as first, to_char(max(day)::timestamp, 'YYYY-MM-DD') as last,
        coalesce(sum(gross), 0)::float8 as gross, coalesce(sum(refunds), 0)::float8 as refunds,
        coalesce(sum(orders), 0)::int as orders, coalesce(sum(card), 0)::float8 as card,
        coalesce(sum(installment), 0)::float8 as installment, coalesce(sum(kakaopay), 0)::float8 as kakaopay,
        coalesce(sum(naverpay), 0)::float8 as naverpay, coalesce(sum(tosspay), 0)::float8 as tosspay
      from bucketed group by rollup (key) order by key nulls last`,
  );
  const whole = rows.pop()!;
  return {
    rows: rows.map((r) => ({
      key: r.key!,
      label: grouping === 'week' ? `${r.key} 주` : r.key!,
      from: r.first,
      until: r.last,
      contentsid: null,
      ...toFigures(r),
    })),
    totals: toFigures(whole),
  };
}

interface ClassRow extends FigureColumns {
  /** Null on the rollup's row: the whole period. */
  contentsid: number | null;
  title: string | null;
}

/**
 * One row per class that sold or refunded in the period, the best-selling first, and the whole period as the rollup's
 * row of the same pass: the classes' shares add up to the orders exactly, and an order counts once there (its first
 * line), where each class row counts every order with a line of it.
 */
async function classReport(db: Db, q: SalesQuery): Promise<Pick<SalesReport, 'rows' | 'totals'>> {
  const counting = figuresCounting(sql`case when grouping(e.contentsid) = 1 then sum(e.firsts) else sum(e.orders) end`);
  const rows = await all(
    db,
    sql<ClassRow>`select c.*, l.title from (
        select e.contentsid, ${counting} from (${lineEntries(q)}) e group by rollup (e.contentsid)
      ) c left join lectures l on l.contentsid = c.contentsid
      order by c.contentsid is null, c.gross desc, c.contentsid`,
  );
  const whole = rows.pop()!;
  return {
    rows: rows.map((r) => ({
      key: String(r.contentsid),
      label: r.title ?? `삭제된 클래스 #${r.contentsid}`,
      from: q.from,
      until: q.until,
      contentsid: r.contentsid,
      ...toFigures(r),
    })),
    totals: toFigures(whole),
  };
}

/** The report the console shows and the exports write. */
export async function salesReport(db: Db, q: SalesQuery): Promise<SalesReport> {
  const days = salesPeriodDays(q);
  const figures = q.groupby === 'class' ? await classReport(db, q) : await periodReport(db, q, q.groupby, days);
  return { from: q.from, until: q.until, groupby: q.groupby, ...figures };
}
