import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { freshDatabaseUrl } from '../server/testing';

/**
 * npm run bench:instances (issue 27): `npm start` (server/main.ts, request log included) with one instance and with
 * INSTANCES=2 on one PostgreSQL, under catalogue reads (cached: one hot list; uncached: lists that vary past the
 * cache), member reads (their own classes, never cached) and member writes (a bookmark set and cleared). Prints req/s,
 * p99, the two-to-one ratio and the machine's 1-minute load beside each; the two set-ups run side by side and each
 * scenario measures one, then two, seconds apart. Not a CI gate: on a 2-core machine the load
 * generator, PostgreSQL and the workers share the cores, so two workers cannot double anything; read the load.
 * Without DATABASE_URL it runs itself under scripts/with-postgres.sh. BENCH_SECONDS, BENCH_CONNECTIONS tune a run.
 */
const ROOT = resolve(import.meta.dirname, '..');
const SELF = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS || 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const CLIENT = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };

if (!process.env.DATABASE_URL) {
  const r = spawnSync('bash', [join(ROOT, 'scripts/with-postgres.sh'), process.execPath, '--import', 'tsx', SELF], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

interface Scenario {
  title: string;
  path: string;
  body: (i: number) => unknown;
  auth?: boolean;
}

const SORTS = ['recent', 'popular', 'rating', 'pricelow', 'pricehigh'];
const scenarios: Scenario[] = [
  {
    title: 'catalogue read, cached',
    path: '/api/Contents/GetOnlineLectures/',
    body: () => ({ page: 1, pageSize: 12, categoryid: 111, sortType: 'recent', isonlybranch: true }),
  },
  {
    // 5 orders x 40 page sizes x 3 pages = 600 different answers in random order against a 500-entry cache.
    title: 'catalogue read, uncached',
    path: '/api/Contents/GetOnlineLectures/',
    body: () => ({
      page: 1 + Math.floor(Math.random() * 3),
      pageSize: 1 + Math.floor(Math.random() * 40),
      sortType: SORTS[Math.floor(Math.random() * SORTS.length)],
      isonlybranch: true,
    }),
  },
  {
    title: 'member read (own classes)',
    path: '/api/Contents/GetMyLectures/',
    body: () => ({ page: 1, pageSize: 10, useruid: 'u-demo-1', status: 'ing' }),
    auth: true,
  },
  {
    title: 'member write (bookmark)',
    path: '/api/Contents/SetBookmark/',
    body: (i) => ({ useruid: 'u-demo-1', contentsid: 101, isbookmarked: i % 2 === 0 }),
    auth: true,
  },
];

interface Figure {
  rps: number;
  p99: number;
  load: number;
  errors: number;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

async function start(instances: number, databaseUrl: string, dist: string): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      INSTANCES: String(instances),
      DIST_DIR: dist,
      NODE_ENV: 'production',
      SIGNED_URL_SECRET: 's'.repeat(40),
      LOCAL_JWT_SECRET: 'l'.repeat(40),
    },
    // The request log is part of what `npm start` costs; its lines go nowhere.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = 0;
  proc.stdout!.on('data', (d: Buffer) => (ready += (d.toString().match(/storefront ready/g) ?? []).length));
  for (const until = Date.now() + 180_000; ready < instances; await delay(100)) {
    if (Date.now() > until || proc.exitCode !== null) throw new Error(`${instances} instance(s) did not start`);
  }
  return { proc, url: `http://127.0.0.1:${port}` };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const gone = new Promise((ok) => proc.once('exit', ok));
  proc.kill('SIGTERM');
  await gone;
}

async function measure(url: string, s: Scenario, token: string): Promise<Figure> {
  const headers = s.auth ? { ...CLIENT, Authorization: `Bearer ${token}` } : CLIENT;
  const first = await fetch(url + s.path, { method: 'POST', headers, body: JSON.stringify(s.body(0)) });
  const json: any = await first.json();
  if (first.status !== 200 || json.success !== true)
    throw new Error(`${s.title}: ${first.status} ${JSON.stringify(json).slice(0, 200)}`);
  let i = 0;
  const run = (duration: number) =>
    autocannon({
      url: url + s.path,
      method: 'POST',
      headers,
      connections: CONNECTIONS,
      duration,
      requests: [{ setupRequest: (req: any) => ({ ...req, body: JSON.stringify(s.body(i++)) }) }],
    });
  await run(1);
  const r = await run(DURATION);
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    load: loadavg()[0]!,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

const databaseUrl = await freshDatabaseUrl(process.env.DATABASE_URL);
const dist = mkdtempSync(join(tmpdir(), 'bench-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bench</title>');
console.log(
  `bench:instances  ${CONNECTIONS} connections, 1 s warm-up + ${DURATION} s per scenario; ${cpus().length} cores; load before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
// Both set-ups run side by side on one database and each scenario measures one, then two, back to back: the machine's
// other load drifts over minutes, so figures taken seconds apart compare better than two runs minutes apart.
const servers = [await start(1, databaseUrl, dist), await start(2, databaseUrl, dist)];
const figures = new Map<number, Figure[]>([
  [1, []],
  [2, []],
]);
try {
  const signIn = await fetch(`${servers[0]!.url}/local/auth/sign-in`, {
    method: 'POST',
    headers: CLIENT,
    body: JSON.stringify({ email: 'member@demo.kr', remember: false }),
  });
  const token = (await signIn.json()).datas.accessToken as string;
  for (const s of scenarios) {
    figures.get(1)!.push(await measure(servers[0]!.url, s, token));
    figures.get(2)!.push(await measure(servers[1]!.url, s, token));
  }
} finally {
  await Promise.all(servers.map((s) => stop(s.proc)));
}
const line = (cells: string[]) =>
  console.log(
    cells[0]!.padEnd(28) +
      cells
        .slice(1)
        .map((c) => c.padStart(11))
        .join(''),
  );
console.log('');
line(['scenario', '1: req/s', 'p99 ms', 'load', '2: req/s', 'p99 ms', 'load', '2 / 1']);
scenarios.forEach((s, i) => {
  const one = figures.get(1)![i]!;
  const two = figures.get(2)![i]!;
  const err = (f: Figure) => (f.errors ? ` (${f.errors} err)` : '');
  line([
    s.title,
    `${one.rps}${err(one)}`,
    String(one.p99),
    one.load.toFixed(2),
    `${two.rps}${err(two)}`,
    String(two.p99),
    two.load.toFixed(2),
    (two.rps / one.rps).toFixed(2),
  ]);
});
console.log('load: the 1-minute load average when the scenario ended (2 cores here: above 2, everything queued for a core).');
