/**
 * npm run bench:links [-- --size demo|10k|100k] [--db postgres|pglite] [--seconds 3]
 *
 * What serving a paid link costs at the scale bench's size (scripts/scale/generate.ts): an HLS fragment of a class video
 * and a class handout, fetched through the app in process (router, validation, handler, SQL; no socket) with the
 * signed links the API hands the demo member, one request at a time. Prints p50 and p99 of each, and of the ownership
 * probe alone (issue 41: "owns the class now", one primary-key lookup of enrollments). Links are taken from the API,
 * so the same script times an older checkout too (how the figures without the check in docs/decisions.md were made).
 * Not a CI gate. PostgreSQL comes from DATABASE_URL, else a throwaway cluster (scripts/with-postgres.sh).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { DEMO_MEMBER } from '../server/db/seed-data';
import { createStorefront } from '../server/app';
import { createLocalAuth } from '../server/local/auth';
import { freshDatabaseUrl } from '../server/testing';
import { kst } from '../server/lib/time';
import { ownsClassNowSql } from '../server/domain/ownership';
import { SIZES, generate, type SizeName } from './scale/generate';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10k' },
    db: { type: 'string', default: 'postgres' },
    seconds: { type: 'string', default: '3' },
  },
});
const size = args.size as SizeName;
if (!(size in SIZES)) throw new Error(`--size is one of ${Object.keys(SIZES).join(', ')}`);
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db is postgres or pglite');
const SECONDS = Number(args.seconds);

if (args.db === 'postgres' && !process.env.DATABASE_URL) {
  const run = spawnSync('bash', ['scripts/with-postgres.sh', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Runs `work` back to back for SECONDS (at least 50 times) after a short warm-up; p50 and p99 in ms. */
async function time(work: () => Promise<void>): Promise<{ p50: number; p99: number; n: number }> {
  for (let i = 0; i < 20; i++) await work();
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until || latencies.length < 50) {
    const t = performance.now();
    await work();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length };
}

async function main() {
  const database: Database =
    args.db === 'pglite' ? await openDatabase({ memory: true }) : await openDatabase({ url: await freshDatabaseUrl(process.env.DATABASE_URL!) });
  await migrate(database.db);
  await seed(database.db);
  console.log(`${size} on ${database.kind}: building`);
  await generate(database.db, size, (line) => console.log(line));
  const enrolments = (await sql<{ n: number }>`select count(*)::int as n from enrollments`.execute(database.db)).rows[0]!.n;
  const videos = (await sql<{ n: number }>`select count(*)::int as n from videos`.execute(database.db)).rows[0]!.n;

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-links-'));
  const auth = createLocalAuth(dataDir);
  const { app } = createStorefront({ db: database.db, auth, dataDir, validateResponses: false, localMode: true, env: {} });
  const { accessToken } = await auth.issue(DEMO_MEMBER);
  const member = { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${accessToken}` };
  const json = async (path: string) => ((await (await app.request(path, { headers: member })).json()) as { datas: any }).datas;
  const text = async (path: string) => (await app.request(path)).text();
  const firstLink = (playlist: string) => playlist.split('\n').find((l) => l.startsWith('/api/Media/DataGetMedia'))!;

  // The demo member's HLS class (102) and a handout of a class they own (101), as the player and 강의 자료 get them.
  const source = (await json('/api/Contents/GetVideoSourceUrl/10212')).sourceurl as string;
  const fragment = firstLink(await text(firstLink(await text(source))));
  const handout = (await json('/api/Contents/GetContentsPdfList/101'))[0].path as string;
  const serve = (link: string) => async () => {
    const res = await app.request(link);
    if (res.status !== 200) throw new Error(`${link}: ${res.status}`);
    await res.arrayBuffer();
  };
  const probe = async () => {
    await sql`select 1 from enrollments e where e.useruid = ${DEMO_MEMBER.useruid} and e.contentsid = 102 and e.end_at > ${kst()}`.execute(database.db);
  };

  // The fragment's one read (server/media/lessonMedia.ts) as it was and as it is: the same row, with and without the
  // ownership column, timed in alternating rounds so a busy machine weighs on both alike.
  const playlistPath = new URL(fragment, 'http://x').searchParams.get('path')!.replace(/\/\d+p\/.*$/, '');
  const videoRead = (withOwnership: boolean) => async () => {
    const owned = withOwnership ? sql`, bool_or(${ownsClassNowSql(DEMO_MEMBER.useruid, sql.ref('v.contentsid'))}) as owned` : sql``;
    await sql`select bool_or(v.is_preview) as preview, max(v.duration_sec)::int as duration ${owned}
      from videos v where v.path = ${playlistPath} having count(*) > 0`.execute(database.db);
  };
  const plan = await sql<{ 'QUERY PLAN': string }>`explain analyze select bool_or(v.is_preview), max(v.duration_sec)::int,
      bool_or(${ownsClassNowSql(DEMO_MEMBER.useruid, sql.ref('v.contentsid'))}) from videos v where v.path = ${playlistPath}`.execute(database.db);
  console.log(`\nThe fragment's read:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  const without: Awaited<ReturnType<typeof time>>[] = [];
  const withIt: Awaited<ReturnType<typeof time>>[] = [];
  for (let round = 0; round < 3; round++) {
    without.push(await time(videoRead(false)));
    withIt.push(await time(videoRead(true)));
  }
  const best = (rs: Awaited<ReturnType<typeof time>>[]) => rs.reduce((a, b) => (b.p50 < a.p50 ? b : a));

  const rows: [string, Awaited<ReturnType<typeof time>>][] = [
    ['HLS fragment (signed link), whole request', await time(serve(fragment))],
    ['handout PDF (signed link), whole request', await time(serve(handout))],
    ["fragment's video read, without the ownership column (best of 3 rounds)", best(without)],
    ["fragment's video read, with it (best of 3 rounds)", best(withIt)],
    ["ownership probe alone (a handout's one added query)", await time(probe)],
  ];
  console.log(`\nbench:links  ${database.kind}, ${size}: ${videos} videos, ${enrolments} enrolments; one request at a time, ${SECONDS} s each`);
  console.log('| served | p50 ms | p99 ms | requests |');
  console.log('|---|---|---|---|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.n} |`);
  await database.close();
}

await main();
