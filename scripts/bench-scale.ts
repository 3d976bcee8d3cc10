/**
 * npm run bench:scale [-- --size demo|10k|100k] [--db postgres|pglite] [--explain] [--seconds 1.5] [--connections 4]
 *   [--keep] [--reuse <database>] [--vacuum-full]
 *
 * Builds a throwaway database of the demo size and of `--size` (default 10k), then times the public catalogue reads
 * and the member reads through the app in process (router, validation, handlers, SQL; no socket): uncached alone
 * (latency of one read), uncached under load and cached under load. Prints req/s, p50, p99, the app's CPU time per
 * call and each figure's ratio to the demo size; `--explain` prints the key lines of EXPLAIN ANALYZE of every query each call runs. Not a CI gate.
 * PostgreSQL comes from DATABASE_URL, else a throwaway cluster (scripts/with-postgres.sh); PGlite runs in memory.
 * Loading 100k takes minutes: with DATABASE_URL set, `--keep` leaves the built database (its name is printed) and
 * `--reuse <name>` times that database again (migrated to the current code, not rebuilt). `--vacuum-full` prints the
 * catalogue's derived tables as measured, then compacted (issue 43: how far a store's writes bloat them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql, type QueryId, type RootOperationNode } from 'kysely';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { DEMO_MEMBER } from '../server/db/seed-data';
import { createStorefront } from '../server/app';
import { createLocalAuth } from '../server/local/auth';
import { freshDatabaseUrl } from '../server/testing';
import { SIZES, catalogueSizes, generate, type SizeName } from './scale/generate';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10k' },
    db: { type: 'string', default: 'postgres' },
    explain: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '1.5' },
    connections: { type: 'string', default: '4' },
    /** Only the calls whose name contains one of these comma-separated words. */
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'vacuum-full': { type: 'boolean', default: false },
  },
});
const size = args.size as SizeName;
if (!(size in SIZES)) throw new Error(`--size is one of ${Object.keys(SIZES).join(', ')}`);
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db is postgres or pglite');
if (args.db === 'pglite' && size === '100k') throw new Error('PGlite runs up to --size 10k');
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);

if ((args.keep || args.reuse) && !process.env.DATABASE_URL) throw new Error('--keep and --reuse need DATABASE_URL (a cluster that outlives the run)');
if (args.db === 'postgres' && !process.env.DATABASE_URL) {
  // Re-run this script against a throwaway cluster.
  const run = spawnSync('bash', ['scripts/with-postgres.sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

interface Call {
  name: string;
  kind: 'catalogue' | 'member';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Page numbers that depend on the size: filled from a first call's totalCount. */
  lastPage?: boolean;
  /** A body the yaml refuses (400): timed as the refusal it gets. */
  refused?: boolean;
}

/** One page of GetOnlineLectures (12 a page, the class list's request); `lastPage`: the page is found at run time. */
const lectureList = (name: string, request: Record<string, unknown>, lastPage = false): Call => ({
  name,
  kind: 'catalogue',
  method: 'POST',
  path: '/api/Contents/GetOnlineLectures/',
  body: { isonlybranch: true, pageSize: 12, ...request },
  ...(lastPage ? { lastPage } : {}),
});
/** A search within a tag: refused since issue 27 (openapi getOnlineLectures). */
const refusedList = (name: string, request: Record<string, unknown>): Call => ({ ...lectureList(name, request), refused: true });

const CALLS: Call[] = [
  lectureList('class list, page 1', { page: 1 }),
  lectureList('class list, page 50', { page: 50 }),
  lectureList('class list, last page', { page: 1 }, true),
  lectureList('category 1 (subtree), page 50', { page: 50, categoryid: 1 }),
  lectureList('category 121 (leaf), page 50', { page: 50, categoryid: 121 }),
  lectureList('root 2, by rating, page 50', { page: 50, pcategoryid: 2, sortType: 'rating' }),
  lectureList('price high, last page', { page: 1, sortType: 'pricehigh' }, true),
  lectureList('search 리포머, page 1', { page: 1, schtext: '리포머' }),
  lectureList('search 리포머, page 50', { page: 50, schtext: '리포머' }),
  lectureList('search 리포머, last page', { page: 1, schtext: '리포머' }, true),
  lectureList('search teacher 정재활', { page: 1, schtext: '정재활' }),
  lectureList('search tag 자세교정, page 20', { page: 20, schtext: '자세교정' }),
  lectureList('search 리포머 by popularity, page 50', { page: 50, schtext: '리포머', sortType: 'popular' }),
  // One letter no title has: too short for a trigram (migration 016 indexes letters and pairs for it).
  lectureList('search one rare letter 힣', { page: 1, schtext: '힣' }),
  lectureList('search one common letter 리, page 50', { page: 50, schtext: '리' }),
  lectureList('search two letters 호흡, page 1', { page: 1, schtext: '호흡' }),
  refusedList('search 리포머 with tag 재활, page 1 (refused)', { page: 1, schtext: '리포머', tag: '재활' }),
  // 재활 is a tag of the demo's rehabilitation classes too, so the demo has a page 1 to compare with.
  lectureList('tag filter 재활, page 1', { page: 1, tag: '재활' }),
  lectureList('tag filter 재활, page 50', { page: 50, tag: '재활' }),
  lectureList('tag filter 재활 by price, last page', { page: 1, tag: '재활', sortType: 'pricehigh' }, true),
  // Issue 27: bodies the app never sends but the yaml allows. Generated words and tags are independent of categories
  // (topic i/9 % 10, category i % 9), except 자세교정 and 재활, which are never tags of the same lecture.
  lectureList('search 자세교정 in category 121 (leaf), page 1', { page: 1, schtext: '자세교정', categoryid: 121 }),
  lectureList('search 자세교정 in category 121 (leaf) by price, last page', { page: 1, schtext: '자세교정', categoryid: 121, sortType: 'pricehigh' }, true),
  lectureList('search 주제96 in category 1 (subtree), page 1', { page: 1, schtext: '주제96', categoryid: 1 }),
  lectureList('search 클래스 1234 in root 2 by rating', { page: 1, schtext: '클래스 1234', pcategoryid: 2, sortType: 'rating' }),
  lectureList('search 리포머 in category 1 (subtree) by popularity, page 50', { page: 50, schtext: '리포머', categoryid: 1, sortType: 'popular' }),
  lectureList('search 강사 in ebooks, last page', { page: 1, schtext: '강사', itemtype: 'ebook' }, true),
  refusedList('search 리포머 with tag 재활 in category 121, page 1 (refused)', { page: 1, schtext: '리포머', tag: '재활', categoryid: 121 }),
  lectureList('tag 재활 in category 121 (leaf), page 1', { page: 1, tag: '재활', categoryid: 121 }),
  lectureList('tag 재활 in category 1 (subtree) by popularity, last page', { page: 1, tag: '재활', categoryid: 1, sortType: 'popular' }, true),
  lectureList('tag 주제5 in root 2 by price, page 1', { page: 1, tag: '주제5', pcategoryid: 2, sortType: 'pricelow' }),
  lectureList('tag 재활 in lectures (itemtype), page 50', { page: 50, tag: '재활', itemtype: 'lecture' }),
  lectureList('category 311 (ebooks) by price low, page 400', { page: 400, categoryid: 311, sortType: 'pricelow' }),
  // Issue 43: a word concentrated in other shelves searched inside one (전자책 is in every ebook's summary and nowhere
  // else, 단계별 in every other lecture's), and two-letter words inside a category, the spread of each ever more uneven.
  lectureList('search 전자책 (other shelf only) in category 121, page 1', { page: 1, schtext: '전자책', categoryid: 121 }),
  lectureList('search 전자책 (other shelf only) in category 1 (subtree) by price', { page: 1, schtext: '전자책', categoryid: 1, sortType: 'pricelow' }),
  lectureList('search 단계별 (other shelf only) in ebooks, page 1', { page: 1, schtext: '단계별', itemtype: 'ebook' }),
  lectureList('search 전자 (two letters, other shelf only) in category 121', { page: 1, schtext: '전자', categoryid: 121 }),
  lectureList('search 전자 (two letters) in ebooks, last page', { page: 1, schtext: '전자', itemtype: 'ebook' }, true),
  lectureList('search 호흡 in category 121, page 1', { page: 1, schtext: '호흡', categoryid: 121 }),
  lectureList('search 호흡 in category 121 by price, last page', { page: 1, schtext: '호흡', categoryid: 121, sortType: 'pricehigh' }, true),
  lectureList('search 호흡 in category 1 (subtree) by popularity, page 50', { page: 50, schtext: '호흡', categoryid: 1, sortType: 'popular' }),
  lectureList('search 호흡 in root 2 by rating', { page: 1, schtext: '호흡', pcategoryid: 2, sortType: 'rating' }),
  lectureList('search 강사 in category 121, page 1', { page: 1, schtext: '강사', categoryid: 121 }),
  {
    name: 'popular lectures',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Contents/GetPopularOnlineLectures/',
    body: { isonlybranch: true, count: 8 },
  },
  {
    name: 'recent lectures',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Contents/GetRecentOnlineLectures/',
    body: { isonlybranch: true, count: 8 },
  },
  { name: 'main contents', kind: 'catalogue', method: 'POST', path: '/api/Type/GetMainContents/', body: { isonlybranch: true } },
  {
    name: 'similar lectures',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Contents/GetSimilarOnlineLectures/',
    body: { contentsid: 101, count: 4 },
  },
  {
    name: 'publisher lectures, page 10',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Contents/GetPublisherLectures/',
    body: { page: 10, pageSize: 10, teachername: '박0 강사' },
  },
  { name: 'class view (visitor)', kind: 'catalogue', method: 'GET', path: '/api/Contents/GetOnlineDetail/101/0' },
  { name: 'curriculum sections', kind: 'catalogue', method: 'POST', path: '/api/Contents/GetCurriculumSection/101' },
  {
    name: 'curriculum list',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Contents/CurriculumList/',
    body: { contentsid: 101 },
  },
  {
    name: 'ratings of a lecture',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Rating/GetRatings/',
    body: { page: 1, pageSize: 10, contentsid: 101 },
  },
  { name: 'rating summary', kind: 'catalogue', method: 'POST', path: '/api/Rating/GetRatingStarInfo/101' },
  {
    name: 'reviews, page 50',
    kind: 'catalogue',
    method: 'POST',
    path: '/api/Review/GetReviews/',
    body: { page: 50, pageSize: 10 },
  },
  { name: 'tag cloud', kind: 'catalogue', method: 'POST', path: '/api/Tag/GetTags/', body: { contentsid: 0 } },
  { name: 'tags of a lecture', kind: 'catalogue', method: 'POST', path: '/api/Tag/GetTags/', body: { contentsid: 101 } },
  { name: 'GetMyClassInfo', kind: 'member', method: 'GET', path: `/api/Contents/GetMyClassInfo/${DEMO_MEMBER.useruid}` },
  {
    name: 'GetMyLectures',
    kind: 'member',
    method: 'POST',
    path: '/api/Contents/GetMyLectures/',
    body: { page: 1, pageSize: 10, useruid: DEMO_MEMBER.useruid, status: 'ing' },
  },
];

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  /** This process's CPU time per call (user + system): unlike wall time, barely moved by other jobs on the machine. */
  cpu: number;
}
interface Result {
  alone: Figures;
  load: Figures;
  cached: Figures;
  /** Lectures in the answer's page, for a paged call: a demo page past its end is empty, so its ratio is to no work. */
  listed?: number;
  /** For such an empty page: the same request's page 1, which details as many lectures as the deep page does. */
  firstPage?: Figures;
}

const only = args.only?.split(',');
const calls = CALLS.filter((c) => !only || only.some((w) => c.name.includes(w)));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function open(name: SizeName): Promise<Database> {
  if (args.db === 'pglite') return openDatabase({ memory: true });
  if (args.reuse && name === size) {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${args.reuse}`;
    return openDatabase({ url: url.toString() });
  }
  return openDatabase({ url: await freshDatabaseUrl(process.env.DATABASE_URL!) });
}

async function runSize(name: SizeName): Promise<Map<string, Result>> {
  const database = await open(name);
  const t0 = performance.now();
  await migrate(database.db);
  if (args.reuse && name === size) console.log(`\n${name} on ${database.kind}: reusing ${args.reuse} (${await catalogueSizes(database.db)})`);
  else {
    await seed(database.db);
    console.log(`\n${name} on ${database.kind}: building`);
    await generate(database.db, name, (line) => console.log(line));
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (args.keep && name === size) {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
      console.log(`  kept as ${rows[0]?.name} (--reuse ${rows[0]?.name})`);
    }
  }

  // Every query a call runs, for --explain.
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  const db = database.db.withPlugin({
    transformQuery: (a) => {
      if (recording) seen.push({ node: a.node, queryId: a.queryId });
      return a.node;
    },
    transformResult: async (a) => a.result,
  });
  let recording = false;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const auth = createLocalAuth(dataDir);
  const { app, dispatcher } = createStorefront({ db, auth, dataDir, validateResponses: false, localMode: true, env: {} });
  const { accessToken } = await auth.issue(DEMO_MEMBER);
  // Catalogue reads are a visitor's (no token); member reads carry the demo member's.
  const visitor = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };
  const member = { ...visitor, Authorization: `Bearer ${accessToken}` };
  const request = async (call: Call) => {
    const res = await app.request(call.path, {
      method: call.method,
      headers: call.kind === 'member' ? member : visitor,
      body: call.method === 'POST' ? JSON.stringify(call.body ?? {}) : undefined,
    });
    const json = (await res.json()) as { success?: boolean; datas?: { totalCount?: number; list?: unknown[] } };
    if (call.refused ? res.status !== 400 : res.status !== 200 || json.success === false)
      throw new Error(`${call.name}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
  const time = async (call: Call, connections: number): Promise<Figures> => {
    const latencies: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until || latencies.length < 20) {
          const t = performance.now();
          await request(call);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuUsed = process.cpuUsage(cpuBefore);
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rps: latencies.length / elapsed,
      cpu: (cpuUsed.user + cpuUsed.system) / 1000 / latencies.length,
    };
  };

  const results = new Map<string, Result>();
  const cache = dispatcher.cache;
  const realGet = cache.get.bind(cache);
  for (const call of calls) {
    if (call.lastPage) {
      const first = await request(call);
      const body = call.body as { pageSize: number };
      call.body = { ...body, page: Math.max(1, Math.ceil((first.datas?.totalCount ?? 0) / body.pageSize)) };
    }
    const answer = await request(call); // warm the plan and the connection
    const listed = Array.isArray(answer.datas?.list) ? answer.datas.list.length : undefined;
    cache.get = () => undefined;
    if (args.explain && name === size) {
      recording = true;
      seen.length = 0;
      await request(call);
      recording = false;
      await explain(database, call, seen);
    }
    const alone = await time(call, 1);
    const page = (call.body as { page?: number } | undefined)?.page ?? 1;
    const firstPage = listed === 0 && page > 1 ? await time({ ...call, body: { ...(call.body as object), page: 1 } }, 1) : undefined;
    const load = await time(call, CONNECTIONS);
    cache.get = realGet;
    const cached = await time(call, CONNECTIONS);
    results.set(call.name, { alone, load, cached, ...(listed === undefined ? {} : { listed }), ...(firstPage ? { firstPage } : {}) });
  }
  if (args['vacuum-full'] && name === size && database.kind === 'postgres') {
    console.log(`\n  derived tables as measured: ${await catalogueSizes(database.db)}`);
    // Then a plain vacuum: a rewritten table has no visibility map, and every index-only walk would read its rows.
    await sql`vacuum full lecture_keys, tag_keys`.execute(database.db);
    await sql`vacuum analyze lecture_keys, tag_keys`.execute(database.db);
    console.log(`  after vacuum full: ${await catalogueSizes(database.db)}`);
  }
  await database.close();
  return results;
}

const KEY_LINE = /Scan|Join|Nested Loop|Sort|Limit|Aggregate|InitPlan|SubPlan|Execution Time|Rows Removed|Recheck/;

async function explain(database: Database, call: Call, seen: { node: RootOperationNode; queryId: QueryId }[]) {
  console.log(`\n  EXPLAIN ${call.name} ${JSON.stringify(call.body ?? '')}`);
  for (const q of seen) {
    const compiled = database.db.getExecutor().compileQuery(q.node, q.queryId);
    if (!/^\s*(select|with)/i.test(compiled.sql)) continue;
    const plan = await database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters]),
    );
    console.log(`    -- ${compiled.sql.replace(/\s+/g, ' ').slice(0, 110)}…`);
    for (const row of plan.rows) {
      const line = row['QUERY PLAN'];
      if (KEY_LINE.test(line) && !line.includes('never executed')) console.log(`    ${line.trimEnd()}`);
    }
  }
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (v: number, base: number | undefined) => (base ? `${(v / base).toFixed(1)}×` : '');

async function main() {
  const sizes: SizeName[] = size === 'demo' ? ['demo'] : ['demo', size];
  const all = new Map<SizeName, Map<string, Result>>();
  for (const s of sizes) all.set(s, await runSize(s));
  const base = all.get('demo')!;
  const top = all.get(size)!;
  console.log(
    `\nbench:scale  ${args.db}, ${size} vs demo; in-process app calls, ${SECONDS}s per figure; alone = 1 connection, load = ${CONNECTIONS}`,
  );
  console.log(
    '| call | uncached alone p50 / p99 ms (× demo) | uncached load req/s, p99 ms (× demo) | cached load req/s, p99 ms | app CPU ms per call, uncached (× demo) / cached |',
  );
  console.log('|---|---|---|---|---|');
  let emptyDemoPages = 0;
  for (const call of calls) {
    const r = top.get(call.name)!;
    const b = base.get(call.name);
    const emptyDemoPage = b?.listed === 0 && (r.listed ?? 0) > 0;
    if (emptyDemoPage) emptyDemoPages++;
    console.log(
      `| ${call.name}${emptyDemoPage ? ' ¹' : ''} | ${fmt(r.alone.p50)} / ${fmt(r.alone.p99)} (${ratio(r.alone.p50, b?.alone.p50)}, ${ratio(r.alone.p99, b?.alone.p99)})` +
        ` | ${fmt(r.load.rps, 0)}, ${fmt(r.load.p99)} (${ratio(b?.load.rps ?? 0, r.load.rps)} slower, ${ratio(r.load.p99, b?.load.p99)})` +
        ` | ${fmt(r.cached.rps, 0)}, ${fmt(r.cached.p99)}` +
        ` | ${fmt(r.load.cpu, 2)} (${ratio(r.load.cpu, b?.load.cpu)}) / ${fmt(r.cached.cpu, 2)} |`,
    );
  }
  if (emptyDemoPages === 0) return;
  console.log(`\n¹ At demo size this page is past the list's end and empty: its ratio is to a read that details no lectures.`);
  console.log('  The same request at page 1, at demo size, details a page of lectures as the deep page does:');
  console.log('| call | uncached alone p50 / p99 ms | demo, page 1: p50 / p99 ms | × demo page 1 |');
  console.log('|---|---|---|---|');
  for (const call of calls) {
    const r = top.get(call.name)!;
    const first = base.get(call.name)?.firstPage;
    if (!first || !(r.listed ?? 0)) continue;
    console.log(
      `| ${call.name} | ${fmt(r.alone.p50)} / ${fmt(r.alone.p99)} | ${fmt(first.p50)} / ${fmt(first.p99)}` +
        ` | ${ratio(r.alone.p50, first.p50)}, ${ratio(r.alone.p99, first.p99)} |`,
    );
  }
}

await main();
