import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import type { Db } from '../server/db/database';
import { classroom } from '../server/handlers/classroom';
import { freshDatabaseUrl } from '../server/testing';

/**
 * Member reads at a store's size (issue 16): a throwaway PostgreSQL database with BENCH_LECTURES lectures (1 section,
 * 4 videos, 3 ratings, 2 tags each) and BENCH_PER_MEMBER rows per member in enrollments, progress, payments, points
 * and carts over BENCH_MEMBERS members (defaults 100,000 / 100 / 10,000: 1,000,000 rows per member table), filled
 * with generate_series; then GetMyClassInfo and GetMyLectures under autocannon load (random members, uncached:
 * member reads never are), sequential single-call latencies, and the EXPLAIN ANALYZE key lines of every statement
 * both handlers run. `demo` as the first argument measures the demo data instead (no fill). The lead may swap the
 * fill for the catalogue's scale generator: it is `fill()` alone.
 *   bash scripts/with-postgres.sh npx tsx scripts/bench-member.ts [demo]
 */
const LECTURES = Number(process.env.BENCH_LECTURES || 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 10_000);
const PER_MEMBER = Number(process.env.BENCH_PER_MEMBER || 100);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const SIGNED_IN = 200;
const SELF = fileURLToPath(import.meta.url);
const CLIENT = { 'X-Storefront-Client': 'web/1.0' };

if (process.argv[2] === 'serve') await serve();
else await main(process.argv[2] === 'demo');

async function serve() {
  const { startServer } = await import('../server/start');
  const api = await startServer({ databaseUrl: process.env.BENCH_DATABASE_URL, quiet: true });
  process.send!({ port: api.port });
}

/** The member tables at size, for members bench-0 … bench-(MEMBERS-1); lecture i is contentsid 100000 + i. */
async function fill(db: pg.Client) {
  const L = LECTURES;
  const steps: [string, string][] = [
    [
      'lectures',
      `insert into lectures (contentsid, categoryid, title, teacher, price, saleprice, popularity, created_at)
      select 100000 + i, (select array_agg(categoryid order by categoryid) from categories)[1 + i % (select count(*) from categories)::int],
        '스케일 강의 ' || i, '강사 ' || (i % 500), 50000, 45000, i % 1000,
        to_char(timestamp '2020-01-01' + i * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS')
      from generate_series(1, ${L}) i`,
    ],
    [
      'sections',
      `insert into sections (sectionid, contentsid, title, sort) select 1000000 + i, 100000 + i, '1장', 1 from generate_series(1, ${L}) i`,
    ],
    [
      'videos',
      `insert into videos (videoid, sectionid, contentsid, title, duration_sec, path, sort)
      select 10000000 + i * 4 + k, 1000000 + i, 100000 + i, k + 1 || '강', 600, 'media/scale.mp4', k
      from generate_series(1, ${L}) i, generate_series(0, 3) k`,
    ],
    [
      'ratings',
      `insert into ratings (contentsid, useruid, username, ratescore, content, created_at)
      select 100000 + i, 'bench-' || ((i * 3 + k) % ${MEMBERS}), '회원', 1 + (i + k) % 5, '좋아요', '2024-01-01 00:00:00'
      from generate_series(1, ${L}) i, generate_series(0, 2) k`,
    ],
    [
      'tags',
      `insert into tags (contentsid, tag) select 100000 + i, t from generate_series(1, ${L}) i,
      lateral (values ('태그' || i % 50), ('주제' || i % 37)) v(t)`,
    ],
    [
      'members',
      `insert into members (useruid, userid, email, name, created_at)
      select 'bench-' || m, 'bench' || m, 'bench-' || m || '@scale.kr', '회원' || m, '2024-01-01 00:00:00' from generate_series(0, ${MEMBERS - 1}) m`,
    ],
    // Lecture of member m's k-th row: distinct per member (4729 and 50,000 + 4729 k are coprime with the count).
    [
      'enrollments',
      `insert into enrollments (useruid, contentsid, start_at, end_at, completed_at)
      select 'bench-' || m, 100001 + (m * 7919 + k * 4729) % ${L},
        to_char(timestamp '2024-01-01' + (m % 1000 + k) * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS'),
        case when k % 4 = 0 then '2024-06-01 00:00:00' else '2099-12-31 23:59:59' end,
        case when k % 5 = 0 then '2024-05-01 00:00:00' end
      from generate_series(0, ${MEMBERS - 1}) m, generate_series(0, ${PER_MEMBER - 1}) k`,
    ],
    [
      'progress',
      `insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
      select 'bench-' || m, 100001 + (m * 7919 + k * 4729) % ${L}, 10000000 + (1 + (m * 7919 + k * 4729) % ${L}) * 4, 300, 300, k % 3 = 0,
        to_char(timestamp '2024-02-01' + k * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS')
      from generate_series(0, ${MEMBERS - 1}) m, generate_series(0, ${PER_MEMBER - 1}) k`,
    ],
    [
      'payments',
      `insert into payments (useruid, title, contentsids, amount, price_total, status, created_at, paid_at)
      select 'bench-' || m, '스케일 강의', (100001 + (m * 7919 + k * 4729) % ${L})::text, 45000, 45000, 'paid',
        to_char(timestamp '2024-01-01' + k * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS'), '2024-01-01 00:00:00'
      from generate_series(0, ${MEMBERS - 1}) m, generate_series(0, ${PER_MEMBER - 1}) k`,
    ],
    // The balance trigger would run a million times: off for the fill, the balances summed once after.
    ['points', `alter table points disable trigger points_keep_balance`],
    [
      'points',
      `insert into points (useruid, amount, reason, created_at)
      select 'bench-' || m, case when k % 4 = 0 then -100 else 500 end, '적립', to_char(timestamp '2024-01-01' + k * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS')
      from generate_series(0, ${MEMBERS - 1}) m, generate_series(0, ${PER_MEMBER - 1}) k`,
    ],
    ['points', `alter table points enable trigger points_keep_balance`],
    [
      'points',
      `insert into point_balances (useruid, balance) select useruid, greatest(sum(amount), 0)::int from points
      where useruid like 'bench-%' group by useruid`,
    ],
    [
      'carts',
      `insert into carts (useruid, contentsid, created_at)
      select 'bench-' || m, 100001 + (m * 7919 + 50000 + k * 4729) % ${L}, '2024-03-01 00:00:00'
      from generate_series(0, ${MEMBERS - 1}) m, generate_series(0, ${PER_MEMBER - 1}) k`,
    ],
    ['vacuum analyze', `vacuum analyze`],
  ];
  for (const [name, statement] of steps) {
    const t = performance.now();
    await db.query(statement);
    console.log(`  fill ${name.padEnd(14)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

interface Figure {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  single50: number;
  single99: number;
  errors: number;
}

async function main(demo: boolean) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set: run under scripts/with-postgres.sh');
  const url = await freshDatabaseUrl(base);
  const child: ChildProcess = fork(SELF, ['serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', BENCH_DATABASE_URL: url },
    stdio: 'inherit',
  });
  try {
    const port = await new Promise<number>((ok, no) => {
      child.once('message', (m: any) => ok(m.port));
      child.once('exit', (code) => no(new Error(`server exited with ${code}`)));
    });
    const api = `http://127.0.0.1:${port}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    if (!demo) await fill(client);
    const counts =
      await client.query(`select (select count(*) from lectures) as lectures, (select count(*) from enrollments) as enrollments,
      (select count(*) from progress) as progress, (select count(*) from payments) as payments, (select count(*) from points) as points,
      (select count(*) from carts) as carts`);
    console.log('  rows', JSON.stringify(counts.rows[0]));

    const emails = demo
      ? ['member@demo.kr']
      : Array.from({ length: SIGNED_IN }, (_, i) => `bench-${(i * 37) % MEMBERS}@scale.kr`);
    const members: { useruid: string; token: string }[] = [];
    for (const email of emails) {
      const r = await fetch(`${api}/local/auth/sign-in`, {
        method: 'POST',
        headers: { ...CLIENT, 'content-type': 'application/json' },
        body: JSON.stringify({ email, remember: false }),
      });
      const d = ((await r.json()) as any).datas;
      members.push({ useruid: d.useruid, token: d.accessToken });
    }

    const targets: { title: string; request: (m: (typeof members)[0]) => { method: string; path: string; body?: string } }[] = [
      { title: 'GetMyClassInfo', request: (m) => ({ method: 'GET', path: `/api/Contents/GetMyClassInfo/${m.useruid}` }) },
      { title: 'GetMyLectures ing p1', request: (m) => myLectures(m.useruid, 'ing', 1) },
      { title: 'GetMyLectures end p3', request: (m) => myLectures(m.useruid, 'end', 3) },
      { title: 'GetMyLectures certificate p2', request: (m) => myLectures(m.useruid, 'certificate', 2) },
    ];
    const figures: Figure[] = [];
    for (const t of targets) {
      const pick = () => members[Math.floor(Math.random() * members.length)]!;
      const headersOf = (m: (typeof members)[0]) => ({
        ...CLIENT,
        'content-type': 'application/json',
        authorization: `Bearer ${m.token}`,
      });
      // Single calls one after another: the latency of one uncached read with nothing else running.
      const single: number[] = [];
      for (let i = 0; i < 100; i++) {
        const m = pick();
        const r = t.request(m);
        const start = performance.now();
        const res = await fetch(api + r.path, { method: r.method, headers: headersOf(m), body: r.body });
        if (res.status !== 200) throw new Error(`${t.title}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        single.push(performance.now() - start);
      }
      single.sort((a, b) => a - b);
      const result = await autocannon({
        url: api,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => {
              const m = pick();
              return { ...req, ...t.request(m), headers: headersOf(m) };
            },
          },
        ],
      });
      figures.push({
        title: t.title,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        single50: single[49]!,
        single99: single[98]!,
        errors: result.non2xx + result.errors,
      });
    }
    console.log(
      `\n  ${demo ? 'demo data' : `${LECTURES} lectures, ${MEMBERS} members x ${PER_MEMBER} rows per member table`} (PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s)`,
    );
    console.log('  call                          req/s   p50 ms  p99 ms  single p50/p99 ms  non-2xx');
    for (const f of figures) {
      console.log(
        `  ${f.title.padEnd(28)} ${f.rps.toFixed(0).padStart(6)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(7)}  ${f.single50.toFixed(1).padStart(8)} / ${f.single99.toFixed(1).padEnd(8)} ${f.errors}`,
      );
    }
    await explainAll(url, members[0]!.useruid);
    await client.end();
  } finally {
    child.kill('SIGTERM');
  }
}

function myLectures(useruid: string, status: string, page: number) {
  return { method: 'POST', path: '/api/Contents/GetMyLectures/', body: JSON.stringify({ page, pageSize: 10, useruid, status }) };
}

/** Runs both handlers once on a logging connection, then EXPLAIN ANALYZE of every statement they sent. */
async function explainAll(url: string, useruid: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const sent: CompiledQuery[] = [];
  const db = new Kysely<object>({ dialect: new PostgresDialect({ pool }), log: (e) => void sent.push(e.query) }) as unknown as Db;
  const ctx = (body: unknown, params: unknown) => ({ member: { useruid }, body, params, query: {}, s: { db } }) as never;
  await classroom.getMyClassInfo(ctx(undefined, { useruid }));
  await classroom.getMyLectures(ctx({ page: 2, pageSize: 10, useruid, status: 'ing' }, {}));
  for (const q of sent) {
    const plan = await pool.query(`explain (analyze, costs off, timing off, summary on) ${q.sql}`, q.parameters as unknown[]);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    console.log(`\n  ${q.sql.replace(/\s+/g, ' ').slice(0, 110)}…`);
    for (const l of lines.filter((l) => /Scan|Execution Time/.test(l))) console.log(`    ${l.trim()}`);
  }
  await db.destroy();
}
