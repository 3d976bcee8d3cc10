/**
 * npx tsx scripts/bench-member-reads.ts --database <name> [--rounds 3] [--seconds 5] [--connections 4]
 *
 * Member reads over HTTP (issue 43: ≥ 1,000 req/s at 4 connections, GetMyLectures included): the server in a process
 * of its own (scripts/scale/salesServer.ts, production mode) on database `<name>` of the cluster at DATABASE_URL (one
 * that `npm run bench:scale -- --size 100k --keep` built: 100k lectures, 1M rows per member table), loaded by
 * autocannon as the demo member, each call in turn for `--rounds` rounds after a warm-up. Prints req/s, p50 and p99 of
 * every round, and the CPU time each request cost the server process and its PostgreSQL backends (from /proc): on a
 * machine other jobs share, req/s measures them too, CPU per request much less. Not a CI gate.
 */
import { salesServerProcess } from './scale/serverProcess';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
  },
});
if (!process.env.DATABASE_URL || !args.database) throw new Error('set DATABASE_URL (the cluster) and --database (a kept bench:scale database)');
const databaseUrl = new URL(process.env.DATABASE_URL);
databaseUrl.pathname = `/${args.database}`;
const CLIENT = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };

const { child, url: listening } = salesServerProcess({
  NODE_ENV: 'production',
  SALES_DATABASE_URL: databaseUrl.toString(),
  SALES_DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-member-reads-')),
});
try {
  const url = await listening;
  const signIn = await fetch(`${url}/local/auth/sign-in`, { method: 'POST', headers: CLIENT, body: JSON.stringify({ email: 'member@demo.kr', remember: false }) });
  const token = ((await signIn.json()) as { datas: { accessToken: string } }).datas.accessToken;
  const headers = { ...CLIENT, authorization: `Bearer ${token}` };
  const calls = [
    { name: 'GetMyLectures', method: 'POST', path: '/api/Contents/GetMyLectures/', body: JSON.stringify({ page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'ing' }) },
    { name: 'GetMyClassInfo', method: 'GET', path: '/api/Contents/GetMyClassInfo/u-demo-1' },
  ];
  // CPU seconds of a process (user + system), from /proc/<pid>/stat, in clock ticks of 10 ms.
  const cpuOf = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  const admin = new pg.Client({ connectionString: databaseUrl.toString() });
  await admin.connect();
  const backends = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const cpu = async () => ({ server: cpuOf(child.pid!), db: (await backends()).reduce((sum, pid) => sum + cpuOf(pid), 0) });
  const load = async (call: (typeof calls)[number], seconds: number) => {
    const before = await cpu();
    const r = await autocannon({ url: url + call.path, method: call.method, headers, body: call.body, connections: Number(args.connections), duration: seconds });
    const after = await cpu();
    if (r.non2xx || r.errors) throw new Error(`${call.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const per = (ms: number) => (ms / r.requests.total).toFixed(2);
    return `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; CPU ms a request: server ${per(after.server - before.server)}, PostgreSQL ${per(after.db - before.db)}`;
  };
  for (const call of calls) await load(call, 2); // warm-up
  console.log(`member reads over HTTP, ${args.connections} connections, ${args.seconds} s a round, database ${args.database}`);
  for (let round = 1; round <= Number(args.rounds); round++)
    for (const call of calls) console.log(`  round ${round} ${call.name.padEnd(15)} ${await load(call, Number(args.seconds))}`);
  await admin.end();
} finally {
  child.kill('SIGTERM');
}
