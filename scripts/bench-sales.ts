/**
 * npx tsx scripts/bench-sales.ts [-- --size 100k|10k|demo] [--orders 100000] [--runs 20]
 *
 * The console's sales at scale (issue 39): builds the scale bench's catalogue and member tables (scripts/scale, `--size`,
 * default 100k: 100k lectures and 1M rows per member table, the 1M payments among them), adds `--orders` orders spread
 * over 2025 (methods, 할부, two-class orders, refunds three days later, orders never paid), then times through the app
 * in process (router, validation, handlers, SQL; no socket), as an operator:
 *   - the year's sales report by day, week, month and class (p50/p99 of `--runs`; target ≤ 200 ms);
 *   - the orders list's first page for the year, and for a month with a method (p50/p99; target p99 ≤ 50 ms);
 *   - the year's XLSX and CSV exports by day and by class over HTTP from the server in a process of its own
 *     (scripts/scale/salesServer.ts), the body read to its end while that process's RSS is sampled every 5 ms
 *     (target peak < 200 MB).
 * PostgreSQL comes from DATABASE_URL, else a throwaway cluster (scripts/with-postgres.sh). Not a CI gate.
 */
import { salesServerProcess } from './scale/serverProcess';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql, type QueryId, type RootOperationNode } from 'kysely';
import { createStorefront } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { DEMO_STAFF } from '../server/db/seed-data';
import { createLocalAuth } from '../server/local/auth';
import { orderPage } from '../server/domain/adminOrders';
import { salesReport, type SalesGrouping } from '../server/domain/salesReport';
import { freshDatabaseUrl } from '../server/testing';
import { SIZES, generate, type SizeName } from './scale/generate';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    orders: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    /** Print EXPLAIN ANALYZE of the year's report queries by this grouping (day, week, month, class), and the 할부 list's. */
    explain: { type: 'string' },
  },
});
const size = args.size as SizeName;
if (!(size in SIZES)) throw new Error(`--size is one of ${Object.keys(SIZES).join(', ')}`);
const ORDERS = Number(args.orders);
const RUNS = Number(args.runs);
const YEAR = { from: '2025-01-01', until: '2025-12-31' };

if (!process.env.DATABASE_URL) {
  const run = spawnSync('bash', ['scripts/with-postgres.sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL);
const database = await openDatabase({ url: databaseUrl });
const db = database.db;
const t0 = performance.now();
await migrate(db);
await seed(db);
console.log(`sales at ${size} + ${ORDERS} orders of 2025 on ${database.kind}: building`);
await generate(db, size, (line) => console.log(line));

/** The year's orders, set-based: a class from the first 5,000, a tenth with a second class, every method, refunds. */
const classes = (await sql<{ contentsid: number }>`select contentsid from lectures order by contentsid limit 5000`.execute(db)).rows.map((r) => r.contentsid);
const base = (await sql<{ n: number }>`select coalesce(max(paymentid), 0)::int as n from payments`.execute(db)).rows[0]!.n;
const t1 = performance.now();
await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, coupon_discount, status, pay_method,
    paid_method, installment_month, created_at, paid_at, refunded_amount)
  select ${base} + g, case when g % 10000 = 0 then 'u-demo-1' else 'u-scale-' || (g % 10000 + 1) end, '주문 ' || g, '',
    (30000 + (g % 20) * 5000) * (case when g % 10 = 0 then 2 else 1 end) - (case when g % 7 = 0 then 5000 else 0 end),
    (30000 + (g % 20) * 5000) * (case when g % 10 = 0 then 2 else 1 end), case when g % 7 = 0 then 5000 else 0 end,
    case when g % 50 = 0 then 'refunded' when g % 50 = 1 then 'partially_refunded' when g % 40 = 3 then 'cancelled'
      when g % 60 = 7 then 'failed' else 'paid' end, 'card',
    (array['card', 'card', 'card', 'card', 'card', 'kakaopay', 'kakaopay', 'naverpay', 'tosspay', 'card'])[g % 10 + 1],
    case when g % 10 < 5 and g % 4 = 0 then 3 else 0 end, at, at,
    case when g % 50 = 0 then (30000 + (g % 20) * 5000) * (case when g % 10 = 0 then 2 else 1 end) - (case when g % 7 = 0 then 5000 else 0 end)
      when g % 50 = 1 then 10000 else 0 end
  from generate_series(1, ${ORDERS}) g,
    lateral (select to_char(timestamp '2025-01-01' + (g % 365) * interval '1 day' + ((g * 37) % 86400) * interval '1 second',
      'YYYY-MM-DD HH24:MI:SS') as at) t`.execute(db);
await sql`insert into payment_items (paymentid, contentsid, price)
  select ${base} + g, (${classes}::int[])[1 + (g * 7) % ${classes.length}], 30000 + (g % 20) * 5000 from generate_series(1, ${ORDERS}) g
  union all
  select ${base} + g, (${classes}::int[])[1 + (g * 7 + 1) % ${classes.length}], 30000 + (g % 20) * 5000 from generate_series(1, ${ORDERS}) g where g % 10 = 0`.execute(db);
await sql`update payments p set contentsids = (select string_agg(contentsid::text, ',' order by contentsid) from payment_items i where i.paymentid = p.paymentid)
  where p.paymentid > ${base}`.execute(db);
await sql`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back, points_shortfall, coupon_restored,
    contentsids, reason, created_at, done_at, whole)
  select paymentid, useruid, 'done', 'store', refunded_amount, 0, 0, 0, false, '', '벤치 환불',
    to_char(created_at::timestamp + interval '3 days', 'YYYY-MM-DD HH24:MI:SS'), to_char(created_at::timestamp + interval '3 days', 'YYYY-MM-DD HH24:MI:SS'),
    status = 'refunded'
  from payments where paymentid > ${base} and refunded_amount > 0`.execute(db);
await sql`vacuum analyze payments, payment_items, refunds`.execute(db);
const counts = (await sql<{ payments: number; items: number; refunds: number }>`select (select count(*)::int from payments) as payments,
  (select count(*)::int from payment_items) as items, (select count(*)::int from refunds) as refunds`.execute(db)).rows[0]!;
console.log(`  ${ORDERS} orders added in ${((performance.now() - t1) / 1000).toFixed(1)} s; payments ${counts.payments}, lines ${counts.items}, refunds ${counts.refunds}`);
console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sales-'));
const auth = createLocalAuth(dataDir);
const { app } = createStorefront({ db, auth, dataDir, validateResponses: false, localMode: true, env: {} });
const { accessToken } = await auth.issue(DEMO_STAFF[1]);
const headers = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', Authorization: `Bearer ${accessToken}` };
const post = (path: string, body: unknown) => app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });

async function timed(name: string, path: string, body: unknown, target: string) {
  const once = async () => {
    const t = performance.now();
    const res = await post(path, body);
    const json = (await res.json()) as { success?: boolean; datas?: { totals?: { gross: number; orders: number }; list?: unknown[]; rows?: unknown[] } };
    if (res.status !== 200 || !json.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return { ms: performance.now() - t, json };
  };
  const { json } = await once(); // the plan and the connection warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  const what = json.datas?.totals
    ? `${json.datas.rows?.length} rows, ${json.datas.totals.orders} orders, gross ${json.datas.totals.gross.toLocaleString('ko-KR')}`
    : `${json.datas?.list?.length} orders`;
  console.log(`  ${name.padEnd(42)} p50 ${ms(percentile(times, 50)).padStart(9)}  p99 ${ms(percentile(times, 99)).padStart(9)}  (${what}; ${target})`);
}

/** The server in a process of its own (scripts/scale/salesServer.ts), signed in as the operator over HTTP. */
async function servingProcess() {
  const { child, url: listening } = salesServerProcess({ SALES_DATABASE_URL: databaseUrl, SALES_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-sales-server-')) });
  const url = await listening;
  const signIn = await fetch(`${url}/local/auth/sign-in`, {
    method: 'POST',
    headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_STAFF[1].email, remember: false }),
  });
  const token = ((await signIn.json()) as { datas: { accessToken: string } }).datas.accessToken;
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return { child, url, token, rss };
}

/** One export over HTTP, read to its end while the serving process's RSS is sampled every 5 ms: before and the peak. */
async function exported(server: Awaited<ReturnType<typeof servingProcess>>, name: string, body: unknown) {
  const before = server.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 5);
  const t = performance.now();
  const res = await fetch(`${server.url}/api/Admin/Sales/Export`, {
    method: 'POST',
    headers: { ...headers, Authorization: `Bearer ${server.token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 || !res.body) throw new Error(`${name}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  console.log(`  ${name.padEnd(42)} ${ms(performance.now() - t).padStart(9)}  ${(bytes / 1024).toFixed(0).padStart(5)} KB  RSS ${mb(before)} → peak ${mb(peak)} (target < 200 MB)`);
}

if (args.explain) {
  // Every query one report runs, then each again under EXPLAIN ANALYZE.
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  const recording = db.withPlugin({ transformQuery: (a) => (seen.push({ node: a.node, queryId: a.queryId }), a.node), transformResult: async (a) => a.result });
  await salesReport(recording, { ...YEAR, groupby: args.explain as SalesGrouping });
  await orderPage(recording, { ...YEAR, method: 'installment', limit: 50 });
  for (const q of seen) {
    const compiled = db.getExecutor().compileQuery(q.node, q.queryId);
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters]));
    console.log(`\n  EXPLAIN ${compiled.sql.replace(/\s+/g, ' ').slice(0, 100)}…`);
    for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

console.log(`\nthe year's sales report (${RUNS} runs each, an operator)`);
for (const groupby of ['day', 'week', 'month', 'class'] as const)
  await timed(`report ${YEAR.from}…${YEAR.until} by ${groupby}`, '/api/Admin/Sales/Report', { ...YEAR, groupby }, 'target ≤ 200 ms');

console.log(`\nthe orders list's first page (${RUNS} runs each)`);
await timed('orders of the year, first page of 50', '/api/Admin/Orders/List', { ...YEAR, limit: 50 }, 'target p99 ≤ 50 ms');
await timed('orders of March by 카카오페이, first page', '/api/Admin/Orders/List', { from: '2025-03-01', until: '2025-03-31', method: 'kakaopay', limit: 50 }, 'target p99 ≤ 50 ms');
await timed('orders of the year in 할부, first page', '/api/Admin/Orders/List', { ...YEAR, method: 'installment', limit: 50 }, 'target p99 ≤ 50 ms');

console.log('\nthe year exported over HTTP by a serving process of its own, read to the end');
const server = await servingProcess();
for (const groupby of ['day', 'class'] as const)
  for (const format of ['xlsx', 'csv'] as const) await exported(server, `${format} of the year by ${groupby}`, { ...YEAR, groupby, format });
server.child.kill('SIGTERM');

await database.close();
