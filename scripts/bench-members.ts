/**
 * npx tsx scripts/bench-members.ts [--members 1000000] [--runs 50]
 *
 * The console's member search at scale (issue 39): on PostgreSQL, the demo store plus `--members` members (default
 * 1,000,000: Korean names from 40 surnames and 400 given names, e-mails on five domains, phone numbers, join times over
 * four years, one in 53 withdrawn), then times ListAdminMembers through the app in process (router, validation,
 * handler, SQL; no socket) as an operator, p50/p99 of `--runs` each, for each kind of query the search answers: none
 * (newest first), a deep page, a surname alone, a whole name, a part of an e-mail, an e-mail's start, a phone number's
 * last four digits and a middle part, and one that finds nobody. Target: p99 ≤ 50 ms. Also OpenAdminMember (the whole
 * record, written to the personal-data access record). PostgreSQL comes from DATABASE_URL, else a throwaway cluster
 * (scripts/with-postgres.sh). Not a CI gate.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createStorefront } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { DEMO_STAFF } from '../server/db/seed-data';
import { createLocalAuth } from '../server/local/auth';
import { freshDatabaseUrl } from '../server/testing';

const { values: args } = parseArgs({ options: { members: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '50' } } });
const MEMBERS = Number(args.members);
const RUNS = Number(args.runs);

if (!process.env.DATABASE_URL) {
  const run = spawnSync('bash', ['scripts/with-postgres.sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const database = await openDatabase({ url: await freshDatabaseUrl(process.env.DATABASE_URL) });
const db = database.db;
await migrate(db);
await seed(db);
const t0 = performance.now();
const SURNAMES = '김이박최정강조윤장임한오서신권황안송전홍유고문양손배백허남심노하곽성차주우구민류나진지엄채원천방공현함';
const GIVEN = '민서지현우준하윤도연수예은채아진영주혜성원태호재승동경희정시유나';
await sql`insert into members (useruid, userid, email, name, phone, sns_type, created_at, left_at)
  select 'u-bench-' || g, 'bench' || g,
    'user' || g || '@' || (array['naver.com', 'gmail.com', 'daum.net', 'kakao.com', 'hanmail.net'])[1 + g % 5],
    substr(${SURNAMES}, 1 + g % 40, 1) || substr(${GIVEN}, 1 + (g / 40) % 20, 1) || substr(${GIVEN}, 1 + (g / 800) % 20, 1),
    case when g % 9 = 0 then null else '010-' || lpad(((g::bigint * 7919) % 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0') end,
    (array['kakao', 'naver'])[1 + g % 2],
    to_char(timestamp '2022-01-01' + (g::bigint * 126) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS'),
    case when g % 53 = 0 then '2026-01-01 00:00:00' end
  from generate_series(1, ${MEMBERS}) g`.execute(db);
await sql`vacuum analyze members`.execute(db);
console.log(`member search at ${MEMBERS.toLocaleString('en')} members on ${database.kind}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-members-'));
const auth = createLocalAuth(dataDir);
const { app } = createStorefront({ db, auth, dataDir, validateResponses: false, localMode: true, env: {} });
const { accessToken } = await auth.issue(DEMO_STAFF[1]);
const headers = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', Authorization: `Bearer ${accessToken}` };
const post = (path: string, body: unknown) => app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });

async function timed(name: string, path: string, body: unknown) {
  const once = async () => {
    const t = performance.now();
    const res = await post(path, body);
    const json = (await res.json()) as { success?: boolean; datas?: { list?: unknown[]; next?: string | null } };
    if (res.status !== 200 || !json.success) throw new Error(`${name}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return { ms: performance.now() - t, json };
  };
  const { json } = await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  const found = json.datas?.list ? `${json.datas.list.length} shown${json.datas.next ? ', more' : ''}` : 'record';
  const p99 = percentile(times, 99);
  console.log(`  ${name.padEnd(36)} p50 ${ms(percentile(times, 50)).padStart(9)}  p99 ${ms(p99).padStart(9)}  (${found})${p99 > 50 ? '  OVER 50 ms' : ''}`);
  return json;
}

const search = (q: string | undefined, before: string | null = null) => ({ limit: 30, ...(q ? { q } : {}), before });
console.log(`ListAdminMembers, ${RUNS} runs each (target p99 ≤ 50 ms):`);
let page = await timed('newest first, no query', '/api/Admin/Members/List', search(undefined));
for (let i = 0; i < 50 && page.datas?.next; i++) page = (await (await post('/api/Admin/Members/List', search(undefined, page.datas.next))).json()) as typeof page;
await timed('page 51, keyset', '/api/Admin/Members/List', search(undefined, page.datas?.next ?? null));
await timed("a surname alone ('김')", '/api/Admin/Members/List', search('김'));
await timed("two letters ('김민')", '/api/Admin/Members/List', search('김민'));
await timed("a whole name ('박서준')", '/api/Admin/Members/List', search('박서준'));
await timed("a part of an e-mail ('user4242')", '/api/Admin/Members/List', search('user4242'));
await timed("an e-mail's start ('user123456@')", '/api/Admin/Members/List', search('user123456@'));
await timed("a phone's last four ('4321')", '/api/Admin/Members/List', search('4321'));
await timed("a part of a phone ('010-7919')", '/api/Admin/Members/List', search('010-7919'));
await timed("a part of a phone ('19-43')", '/api/Admin/Members/List', search('19-43'));
await timed("nobody ('없는사람이름')", '/api/Admin/Members/List', search('없는사람이름'));
console.log('OpenAdminMember:');
await timed('the whole record of a member', `/api/Admin/Members/u-bench-${Math.floor(MEMBERS / 2) + 1}/Open`, { reason: '벤치 열람' });
await database.close();
