import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kst } from '../lib/time';
import { buyWithTestCard, CLIENT, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * The console's sales (issue 39) through the real HTTP API: a month of orders and refunds written with known days,
 * methods and lines, read back by day, week, month and class; the totals against the orders list's for the same
 * period; the CSV and XLSX exports (an injected formula comes out inert); and the refusals.
 */
let s: TestServer;
const as: Record<string, Record<string, string>> = {};
const ME = 'u-demo-1';
const FORMULA = '=HYPERLINK("http://x","y")';

beforeAll(async () => {
  s = await testServer();
  for (const [who, email] of [['owner', 'owner@demo.kr'], ['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr'], ['member', 'member@demo.kr']] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(s, email)}` };
  await seedMarch();
}, 60_000);
afterAll(() => s?.close());

const staff = (method: string, path: string, body?: unknown, who = 'operator') => s.call(method, path, { body, headers: as[who], auth: false });
const report = (body: Record<string, unknown>, who = 'operator') => staff('POST', '/api/Admin/Sales/Report', body, who);
const exportFile = (body: Record<string, unknown>, who = 'operator') =>
  fetch(`${s.url}/api/Admin/Sales/Export`, { method: 'POST', headers: { ...CLIENT, ...as[who], 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Order {
  id: number;
  at: string;
  amount: number;
  lines: [number, number][];
  status?: string;
  method?: 'card' | 'kakaopay' | 'naverpay' | 'tosspay' | 'free';
  months?: number;
  refunded?: number;
}

/**
 * March 2025 (1 March a Saturday), nothing else in it: orders on a Monday, at the last second of a day and the first
 * of the next, a Sunday; a two-line order with an odd won to share; a free one; orders never paid; and refunds booked
 * on their own days, one of them of a February order.
 */
const ORDERS: Order[] = [
  { id: 90001, at: '2025-03-03 09:00:00', amount: 30001, lines: [[101, 20000], [102, 20000]], status: 'partially_refunded', refunded: 5001 },
  { id: 90002, at: '2025-03-03 23:59:59', amount: 50000, lines: [[103, 50000]], method: 'kakaopay', status: 'refunded', refunded: 50000 },
  { id: 90003, at: '2025-03-04 00:00:00', amount: 90000, lines: [[101, 90000]], months: 6 },
  { id: 90004, at: '2025-03-09 18:00:00', amount: 10000, lines: [[102, 10000]], method: 'naverpay' },
  { id: 90005, at: '2025-03-10 08:00:00', amount: 7000, lines: [[104, 7000]], method: 'tosspay' },
  { id: 90006, at: '2025-03-05 12:00:00', amount: 0, lines: [[101, 0]], method: 'free' },
  { id: 90007, at: '2025-03-05 12:00:00', amount: 99999, lines: [[102, 99999]], status: 'cancelled' },
  { id: 90008, at: '2025-03-05 12:00:00', amount: 88888, lines: [[103, 88888]], status: 'ready' },
  { id: 90009, at: '2025-03-05 12:00:00', amount: 77777, lines: [[103, 77777]], status: 'failed' },
  { id: 90010, at: '2025-02-28 23:59:59', amount: 12345, lines: [[105, 12345]], status: 'partially_refunded', refunded: 2345 },
];
const REFUNDS = [
  { id: 90001, paymentid: 90001, amount: 5001, done: '2025-03-05 10:00:00', contentsids: '' },
  { id: 90002, paymentid: 90002, amount: 50000, done: '2025-03-12 10:00:00', contentsids: '103' },
  { id: 90003, paymentid: 90010, amount: 2345, done: '2025-03-02 10:00:00', contentsids: '' },
  { id: 90004, paymentid: 90003, amount: 1000, done: null, contentsids: '' },
];

async function seedMarch() {
  for (const o of ORDERS) {
    const paid = !['ready', 'failed', 'cancelled'].includes(o.status ?? 'paid');
    const method = o.method ?? 'card';
    const priceTotal = o.lines.reduce((a, [, p]) => a + p, 0);
    await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, coupon_discount, status, pay_method,
        paid_method, installment_month, created_at, paid_at, refunded_amount)
      values (${o.id}, ${ME}, '주문', ${o.lines.map(([c]) => c).join(',')}, ${o.amount}, ${priceTotal}, ${priceTotal - o.amount},
        ${o.status ?? 'paid'}, ${method === 'free' ? 'free' : 'card'}, ${method === 'free' ? null : method}, ${o.months ?? 0},
        ${o.at}, ${paid ? o.at : null}, ${o.refunded ?? 0})`.execute(s.db);
    for (const [contentsid, price] of o.lines)
      await sql`insert into payment_items (paymentid, contentsid, price) values (${o.id}, ${contentsid}, ${price})`.execute(s.db);
  }
  for (const r of REFUNDS)
    await sql`insert into refunds (refundid, paymentid, useruid, status, basis, amount, points_restored, points_taken_back,
        points_shortfall, coupon_restored, contentsids, reason, created_at, done_at)
      values (${r.id}, ${r.paymentid}, ${ME}, ${r.done ? 'done' : 'pending'}, 'store', ${r.amount}, 0, 0, 0, false,
        ${r.contentsids}, '테스트', ${r.done ?? '2025-03-20 10:00:00'}, ${r.done})`.execute(s.db);
  await sql`update lectures set title = ${FORMULA} where contentsid = 104`.execute(s.db);
}

const MARCH = { from: '2025-03-01', until: '2025-03-31' };
const methods = (m: Partial<Record<'card' | 'installment' | 'kakaopay' | 'naverpay' | 'tosspay', number>>) => ({
  card: 0, installment: 0, kakaopay: 0, naverpay: 0, tosspay: 0, ...m,
});
const MARCH_TOTALS = {
  gross: 187001,
  refunds: 57346,
  net: 129655,
  orders: 6,
  methods: methods({ card: 120001, installment: 90000, kakaopay: 50000, naverpay: 10000, tosspay: 7000 }),
};

describe('who may see and export sales', () => {
  it('a member and an instructor are refused the report and both exports (403), a visitor 401, and nothing is recorded', async () => {
    const before = await tableSnapshot(s.db);
    for (const who of ['member', 'instructor']) {
      expect((await report({ ...MARCH, groupby: 'day' }, who)).status).toBe(403);
      for (const format of ['csv', 'xlsx']) {
        const r = await exportFile({ ...MARCH, groupby: 'day', format }, who);
        expect([who, format, r.status]).toEqual([who, format, 403]);
        expect((await r.json()).respMessage).toMatch(/[가-힣]/);
      }
    }
    expect((await s.call('POST', '/api/Admin/Sales/Report', { body: { ...MARCH, groupby: 'day' }, auth: false })).status).toBe(401);
    expect(tableChanges(before, await tableSnapshot(s.db))).toEqual({});
    expect((await report({ ...MARCH, groupby: 'day' }, 'owner')).status).toBe(200);
  });

  it('a period that ends before it starts, daily rows over 366 days, more than five years or a day that does not exist: 400 in Korean', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const r = await report(body);
      expect(r.status).toBe(400);
      return r.json.respMessage as string;
    };
    expect(await refused({ from: '2025-03-02', until: '2025-03-01', groupby: 'day' })).toBe('기간의 끝이 시작보다 앞설 수 없습니다.');
    expect(await refused({ from: '2024-01-01', until: '2025-01-01', groupby: 'day' })).toMatch(/^일별 매출은 366일까지/);
    expect((await report({ from: '2024-01-01', until: '2024-12-31', groupby: 'day' })).status).toBe(200);
    expect((await report({ from: '2024-01-01', until: '2025-01-01', groupby: 'month' })).status).toBe(200);
    expect(await refused({ from: '2020-01-01', until: '2025-01-02', groupby: 'month' })).toMatch(/5년/);
    expect(await refused({ from: '2025-02-29', until: '2025-03-01', groupby: 'week' })).toMatch(/[가-힣]/);
    const before = await tableSnapshot(s.db);
    const r = await exportFile({ from: '2025-03-02', until: '2025-03-01', groupby: 'day', format: 'xlsx' });
    expect(r.status).toBe(400);
    expect((await r.json()).respMessage).toBe('기간의 끝이 시작보다 앞설 수 없습니다.');
    expect(tableChanges(before, await tableSnapshot(s.db))).toEqual({});
  });
});

describe('the report', () => {
  it('by day: every day of the period, a sale on its KST order day, a refund on the day it was done', async () => {
    const r = (await report({ ...MARCH, groupby: 'day' })).json.datas;
    expect(r.rows).toHaveLength(31);
    const day = (d: string) => r.rows.find((x: { key: string }) => x.key === d);
    expect(day('2025-03-01')).toMatchObject({ gross: 0, refunds: 0, net: 0, orders: 0, from: '2025-03-01', until: '2025-03-01' });
    expect(day('2025-03-02')).toMatchObject({ gross: 0, refunds: 2345, net: -2345, orders: 0 });
    expect(day('2025-03-03')).toMatchObject({ gross: 80001, refunds: 0, orders: 2, methods: methods({ card: 30001, kakaopay: 50000 }) });
    expect(day('2025-03-04')).toMatchObject({ gross: 90000, orders: 1, methods: methods({ card: 90000, installment: 90000 }) });
    expect(day('2025-03-05')).toMatchObject({ gross: 0, refunds: 5001, orders: 1 });
    expect(day('2025-03-12')).toMatchObject({ gross: 0, refunds: 50000 });
    expect(r.totals).toEqual(MARCH_TOTALS);
  });

  it('by week (KST weeks from Monday, cut to the period) and by month', async () => {
    const weeks = (await report({ ...MARCH, groupby: 'week' })).json.datas;
    expect(weeks.rows.map((w: Record<string, unknown>) => [w.key, w.label, w.from, w.until, w.gross, w.refunds, w.orders])).toEqual([
      ['2025-02-24', '2025-02-24 주', '2025-03-01', '2025-03-02', 0, 2345, 0],
      ['2025-03-03', '2025-03-03 주', '2025-03-03', '2025-03-09', 180001, 5001, 5],
      ['2025-03-10', '2025-03-10 주', '2025-03-10', '2025-03-16', 7000, 50000, 1],
      ['2025-03-17', '2025-03-17 주', '2025-03-17', '2025-03-23', 0, 0, 0],
      ['2025-03-24', '2025-03-24 주', '2025-03-24', '2025-03-30', 0, 0, 0],
      ['2025-03-31', '2025-03-31 주', '2025-03-31', '2025-03-31', 0, 0, 0],
    ]);
    expect(weeks.totals).toEqual(MARCH_TOTALS);
    const months = (await report({ from: '2025-02-01', until: '2025-03-31', groupby: 'month' })).json.datas;
    expect(months.rows.map((m: Record<string, unknown>) => [m.key, m.gross, m.refunds, m.orders])).toEqual([
      ['2025-02', 12345, 0, 1],
      ['2025-03', 187001, 57346, 6],
    ]);
    expect(months.totals).toMatchObject({ gross: 199346, refunds: 57346, orders: 7 });
  });

  it('by class: an order shared among its lines by price (the odd won on the first), refunds among the lines they name', async () => {
    const r = (await report({ ...MARCH, groupby: 'class' })).json.datas;
    expect(r.rows.map((c: Record<string, unknown>) => [c.contentsid, c.gross, c.refunds, c.orders])).toEqual([
      [101, 105001, 2501, 3],
      [103, 50000, 50000, 1],
      [102, 25000, 2500, 2],
      [104, 7000, 0, 1],
      [105, 0, 2345, 0],
    ]);
    const row = (id: number) => r.rows.find((c: { contentsid: number }) => c.contentsid === id);
    expect(row(101).methods).toEqual(methods({ card: 105001, installment: 90000 }));
    expect(row(102).methods).toEqual(methods({ card: 15000, naverpay: 10000 }));
    expect(row(104).label).toBe(FORMULA);
    const sum = (k: 'gross' | 'refunds') => r.rows.reduce((a: number, c: Record<string, number>) => a + c[k]!, 0);
    expect([sum('gross'), sum('refunds')]).toEqual([MARCH_TOTALS.gross, MARCH_TOTALS.refunds]);
    expect(r.totals).toEqual(MARCH_TOTALS);
  });
});

/** Every page of the orders list for a period, as the orders screen would show them. */
async function listedOrders(body: Record<string, unknown>) {
  const rows: { paidamount: number; refundedamount: number; status: string }[] = [];
  let before: number | null = null;
  do {
    const page: { list: typeof rows; nextBefore: number | null } = (await staff('POST', '/api/Admin/Orders/List', { limit: 7, ...body, before })).json.datas;
    rows.push(...page.list);
    before = page.nextBefore;
  } while (before !== null);
  return rows.filter((o) => ['paid', 'partially_refunded', 'refunded'].includes(o.status));
}

async function listTotals(period: { from: string; until: string }) {
  const sum = (rows: { paidamount: number }[]) => rows.reduce((a, o) => a + o.paidamount, 0);
  const orders = await listedOrders(period);
  const gross = sum(orders);
  const refunds = orders.reduce((a, o) => a + o.refundedamount, 0);
  const by = async (method: string) => sum(await listedOrders({ ...period, method }));
  return {
    gross,
    refunds,
    net: gross - refunds,
    orders: orders.length,
    methods: { card: await by('card'), installment: await by('installment'), kakaopay: await by('kakaopay'), naverpay: await by('naverpay'), tosspay: await by('tosspay') },
  };
}

describe("the report's totals are the orders list's", () => {
  it('for a period whose refunds all happened within it: the written months, and today after real payments and a console refund', async () => {
    const period = { from: '2025-02-01', until: '2025-03-31' };
    expect((await report({ ...period, groupby: 'month' })).json.datas.totals).toEqual(await listTotals(period));

    const bought = await buyWithTestCard(s, ME, [116]);
    await buyWithTestCard(s, ME, [117]);
    const refunded = await staff('POST', `/api/Admin/Orders/${bought.paymentid}/Refund`, { amount: 1000, cancellable: bought.paidamount, reason: '부분 환불' });
    expect(refunded.status).toBe(200);
    const today = { from: kst().slice(0, 10), until: kst().slice(0, 10) };
    const totals = (await report({ ...today, groupby: 'class' })).json.datas.totals;
    expect(totals.orders).toBeGreaterThanOrEqual(2);
    expect(totals.refunds).toBe(1000);
    expect(totals).toEqual(await listTotals(today));
  });
});

describe('the exports', () => {
  it('CSV: a BOM, Korean headers, the rows and 합계, the injected formula inert; the export is in the audit trail', async () => {
    const r = await exportFile({ ...MARCH, groupby: 'class', format: 'csv' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(decodeURIComponent(r.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toBe('매출_클래스별_2025-03-01_2025-03-31.csv');
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows[0]).toEqual(['클래스', '시작일', '종료일', '주문 수', '총매출', '환불', '순매출', '카드', '할부(카드 중)', '카카오페이', '네이버페이', '토스페이']);
    const formula = rows.find((c) => c[0]!.includes('HYPERLINK'))!;
    expect(formula[0]).toBe(`'${FORMULA}`);
    expect(rows.at(-1)).toEqual(['합계', '2025-03-01', '2025-03-31', '6', '187001', '57346', '129655', '120001', '90000', '50000', '10000', '7000']);
    // A negative net is a number, not text with a quote.
    const days = Papa.parse<string[]>(new TextDecoder().decode(new Uint8Array(await (await exportFile({ ...MARCH, groupby: 'day', format: 'csv' })).arrayBuffer())).slice(1).trim()).data;
    expect(days.find((c) => c[0] === '2025-03-02')![6]).toBe('-2345');

    const audit = (await sql<{ actor: string; object_id: string; summary: string }>`select actor, object_id, summary from audit_log
      where operation = 'exportAdminSales' order by auditid`.execute(s.db)).rows;
    expect(audit[0]).toMatchObject({ actor: 'u-demo-5', object_id: '2025-03-01~2025-03-31' });
    expect(JSON.parse(audit[0]!.summary).after).toMatchObject({ groupby: 'class', format: 'csv' });
  });

  it('XLSX, parsed back: the same figures as numbers, the injected formula a plain string cell', async () => {
    const r = await exportFile({ ...MARCH, groupby: 'class', format: 'xlsx' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await r.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('클래스');
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const formula = cells.find((c) => String(c.value).includes('HYPERLINK'))!;
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe(FORMULA);
    expect(formula.formula).toBeUndefined();
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
    const last = sheet.getRow(sheet.rowCount);
    expect([1, 4, 5, 6, 7].map((n) => last.getCell(n).value)).toEqual(['합계', 6, 187001, 57346, 129655]);
    const audit = (await sql<{ summary: string }>`select summary from audit_log where operation = 'exportAdminSales' order by auditid desc limit 1`.execute(s.db)).rows;
    expect(JSON.parse(audit[0]!.summary).after).toMatchObject({ from: '2025-03-01', until: '2025-03-31', format: 'xlsx' });
  });
});
