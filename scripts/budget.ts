/**
 * `npm run budget`: prints and checks the budgets of issue #6.
 * 1. Initial JavaScript (gzip) a logged-out visitor downloads for /main, against a "stack floor" page built
 *    in the same run (React, ReactDOM, TanStack Router, React Query, openapi-fetch only): at most 1.15×.
 *    Libraries not needed for first paint must not be in those chunks.
 * 2. Lighthouse (mobile preset) performance ≥ 0.95 on /main, a class list and a class view served by the
 *    reference backend; prints score, LCP, TBT and CLS against that target. Accessibility ≥ 0.98 on the same pages.
 *    The performance score is a timing: it gates at LIGHTHOUSE_GATE and CLS ≤ 0.1, outside the noise measured on
 *    this 2-core machine (docs/decisions.md, "Shape of the web client"), so only a real regression fails the run.
 * 3. Largest contentful paint of each page (/main, a class list, a class view, a search, a notice) against a bare
 *    React page (one heading, one lecture thumbnail) built and measured in the same run with the same settings: each
 *    ratio gates at LCP_RATIO_GATE.
 * 4. The member half (scripts/budgetMember.ts): the player's first frame against a bare <video> page, and Lighthouse
 *    signed in on the member pages.
 * 5. The console (scripts/budgetConsole.ts): none of its bytes in a visitor's or member's loads, and its own first load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { build, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { thumbnailSvg } from '../server/media/thumbnails.ts';
import { checkMemberHalf } from './budgetMember.ts';
import { checkConsoleBudget } from './budgetConsole.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * 1.15 since issue 6 (1.152 for a while after session 38's console route). Issue 43 (3 KB of room): the app's start
 * (router, route table) moved from the entry into the first chunk, and the footer with the floating buttons into a
 * chunk loaded after the first load: /main's scripts until idle 120,983 -> 118,950 B against the floor's 105,025 B
 * (ratio 1.152 -> 1.133), so the line is back at 1.15 with 1,828 B to spare (docs/decisions.md, "3 KB of room").
 */
const JS_RATIO_BUDGET = 1.15;
const LIGHTHOUSE_BUDGET = 0.95;
/** Medians seen on a quiet machine 0.95-0.99 and under a loaded one down to 0.93 (single runs down to 0.80). */
const LIGHTHOUSE_GATE = 0.85;
const CLS_GATE = 0.1;
/**
 * `--runs=N` (diagnosis) measures each page N times instead. Three: in the clean-clone run of 2026-11-25 (evening) the
 * median of each page's first three runs was within 0.01 of the median of all five for every score (/main 0.97 vs
 * 0.98, class list 0.98, class view 0.96) and within 0.03 s for every LCP (bare page 1.48 s both, /main 1.82 vs 1.80 s,
 * class list 2.01 vs 1.98 s, class view 2.28 s both), so the class list's ratio read 1.36 against 1.34, gate 1.65.
 * Single runs spread 1.30-1.49 s (bare page), 0.90-0.98 (/main's score). Earlier, five equalled seven. Each run fewer
 * per page saves about 8 s a page.
 */
const LIGHTHOUSE_RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7)) || 3;
/**
 * The bare React page, every page's LCP reference, gets at least five runs (about 7 s each). Its single runs came in
 * two modes in the clean-clone CI of 2026-11-26: 1.21 / 1.21 / 1.41 s, so its median of three read 1.21 s and the
 * class list's ratio ×1.63 (gate 1.65) for a page whose own runs were 1.97-2.01 s as on other days; eight runs the same
 * evening on this machine read 1.26-1.42 s (median 1.38). A median of five moves less with one run's mode.
 */
const BARE_RUNS = Math.max(LIGHTHOUSE_RUNS, 5);
/**
 * Issue 43: every visitor page's largest paint at most the bare React page's (medians of the same run), and that is
 * the gate too. Each of the five pages draws its largest paint in the document and holds the app's scripts until it
 * has painted (server/http/heldScripts.ts), so the framework chunk is no longer in the paint's graph in any run: the
 * two modes of before (the class view's 1.1 or 2.2 s) are gone. Measured at load 10-12 (three helpers' benchmarks
 * beside it): ×0.66-0.76 (/main 0.93 s, class list 1.06 s, class view 0.93 s, search 1.03 s, notice 0.92 s, against
 * the bare page's 1.40 s). Before (session 47's CI): ×1.37, ×1.54, ×1.72, search ~×1.6, notice ~×2. The line sits at
 * 1.0, a quarter above what was measured, and well below the ×1.4-2.0 a page has when its scripts share the line.
 * Earlier gates: ×1.84 on the class list and class view only (docs/decisions.md, session 45).
 */
const LCP_RATIO_GATE = 1.0;
// One colour-contrast failure alone brings a page to 0.96: the line sits above that.
const ACCESSIBILITY_BUDGET = 0.98;
/**
 * `--advisory` (for diagnosis): print the initial-JS ratio and the Lighthouse scores against their budgets
 * without failing on them; the libraries-kept-out-of-first-paint check always gates. CI runs without it:
 * every budget gates there (docs/decisions.md, "First paint and budgets").
 */
const ADVISORY = process.argv.includes('--advisory');
/** Must not reach a visitor before first paint (module paths inside node_modules). */
const KEPT_OUT_OF_FIRST_PAINT = [
  '@supabase/',
  'sweetalert2',
  '/xstate/',
  '@xstate/',
  'hls.js',
  '/zod/',
  'dompurify',
  // The member half: card payment, the player and its offline queue load with their routes.
  '@portone/',
  'media-chrome',
  'idb-keyval',
];

type Chunk = { fileName: string; modules: string[] };

function chunksOf(output: Rollup.RollupOutput | Rollup.RollupOutput[] | unknown): Chunk[] {
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) =>
    o.output
      .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
      .map((c) => ({ fileName: c.fileName, modules: c.moduleIds })),
  );
}

async function buildApp(): Promise<Chunk[]> {
  const out = await build({ root: ROOT, logLevel: 'warn' });
  return chunksOf(out);
}

/** A reference page of scripts/budget/ (`floor`: the stack floor; `bare`: the bare React page). */
async function buildReference(name: 'floor' | 'bare', outDir: string): Promise<void> {
  await build({
    root: join(ROOT, 'scripts/budget', name),
    configFile: false,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}

function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.html': 'text/html',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (existsSync(file) && !file.endsWith('/')) {
      // Compressed as the reference backend serves the app (brotli), so the bare page's paint is a fair reference.
      const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        ...(br ? { 'content-encoding': 'br' } : {}),
      });
      res.end(br ? brotliCompressSync(readFileSync(file)) : readFileSync(file));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"datas":{}}');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, server });
    }),
  );
}

/**
 * Every file name's content hash replaced by one made from the name alone, as random-looking and as long. The real
 * hashes change with any edit anywhere in the app, and their letters zip differently: two builds of the same code
 * measured 5 and 3 bytes apart in the entry and framework chunks (2026-11-26), which alone moved the ratio across
 * its line. Stand-ins of the same length and entropy keep the measured size the size a member downloads, give or
 * take those few bytes, and the same for the same code.
 */
const withoutHashes = (body: Buffer): Buffer =>
  Buffer.from(
    body
      .toString('utf8')
      .replace(/([A-Za-z0-9_.]+)-[A-Za-z0-9_-]{8}(?=\.(js|css)\b)/g, (_, name: string, ext: string) =>
        `${name}-${createHash('sha256').update(`${name}.${ext}`).digest('base64url').slice(0, 8)}`,
      ),
    'utf8',
  );

/** Scripts a fresh phone-sized visitor downloads until the network is idle, with their gzip sizes. */
async function initialScripts(url: string): Promise<{ name: string; gzip: number }[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts: Promise<{ name: string; gzip: number }>[] = [];
    // Only what came until the network was idle: a chunk the page asks for later (the footer, on its own timer after
    // the load) is no part of the figure, and its answer must not be read from a browser being closed.
    let idle = false;
    page.on('response', (res) => {
      if (idle || res.request().resourceType() !== 'script') return;
      scripts.push(res.body().then((b) => ({ name: new URL(res.url()).pathname, gzip: gzipSync(withoutHashes(b), { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    idle = true;
    return await Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function checkInitialJs(appUrl: string, chunks: Chunk[]): Promise<{ ratioOk: boolean; keptOutOk: boolean }> {
  const floorDir = mkdtempSync(join(tmpdir(), 'floor-'));
  await buildReference('floor', floorDir);
  const floor = await serveStatic(floorDir);
  try {
    const floorScripts = await initialScripts(floor.url + '/');
    const appScripts = await initialScripts(`${appUrl}/main`);
    const floorTotal = floorScripts.reduce((s, x) => s + x.gzip, 0);
    const appTotal = appScripts.reduce((s, x) => s + x.gzip, 0);
    const ratio = appTotal / floorTotal;
    console.log('\nInitial JavaScript for /main (logged-out visitor, gzip -9):');
    for (const s of appScripts) console.log(`  ${s.name.padEnd(48)} ${kb(s.gzip)}`);
    console.log(`  stack floor: ${kb(floorTotal)} in ${floorScripts.length} file(s)`);
    console.log(`  storefront:  ${kb(appTotal)} in ${appScripts.length} file(s)`);
    console.log(`  ratio: ${ratio.toFixed(3)} (budget ≤ ${JS_RATIO_BUDGET}; ${appTotal} B against ${floorTotal} B, ${Math.floor(floorTotal * JS_RATIO_BUDGET - appTotal)} B to spare)`);
    const ratioOk = ratio <= JS_RATIO_BUDGET;
    let keptOutOk = true;
    const loaded = new Set(appScripts.map((s) => s.name.replace(/^\//, '')));
    for (const chunk of chunks.filter((c) => loaded.has(c.fileName))) {
      const offenders = chunk.modules.filter((m) => KEPT_OUT_OF_FIRST_PAINT.some((lib) => m.includes(lib)));
      if (offenders.length) {
        keptOutOk = false;
        console.log(
          `  FAIL ${chunk.fileName} carries ${[...new Set(offenders.map((m) => m.split('node_modules/').pop()!.split('/').slice(0, 2).join('/')))].join(', ')}`,
        );
      }
    }
    console.log(
      `  ratio budget: ${ratioOk ? 'pass' : 'OVER'}; libraries kept out of first paint: ${keptOutOk ? 'pass' : 'FAIL'}`,
    );
    return { ratioOk, keptOutOk };
  } finally {
    floor.server.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

function launchChromeForLighthouse(port: number): ChildProcess {
  const profile = mkdtempSync(join(tmpdir(), 'lh-profile-'));
  return spawn(CHROMIUM, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
}

async function waitForDevtools(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

async function samplePaths(appUrl: string): Promise<string[]> {
  const headers = { 'content-type': 'application/json', 'X-Storefront-Client': 'web/1.0' };
  const cats = await fetch(`${appUrl}/api/Category/GetList/category?isactive=1&pcategoryid=0`, {
    headers: { ...headers, 'X-Application-Id': 'storefront-local', 'X-Application-Key': 'local-public-key' },
  }).then((r) => r.json());
  const leaf = (cats.datas as { categoryid: number; pcategoryid: number; hasChildren: boolean }[]).find(
    (c) => !c.hasChildren && c.pcategoryid !== 0,
  );
  const lectures = await fetch(`${appUrl}/api/Contents/GetOnlineLectures/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ page: 1, pageSize: 12, isonlybranch: true }),
  }).then((r) => r.json());
  const first = lectures.datas.list[0];
  const notices = await fetch(`${appUrl}/api/Main/GetNotices?isnotice=1&istop3=false&isonlybranch=true`, { method: 'POST', headers, body: JSON.stringify({ page: 1, pageSize: 10 }) }).then(
    (r) => r.json(),
  );
  // A word of the first class's title, as a visitor would search for it.
  const word = (first.title as string).split(/\s+/).find((w) => w.length >= 2) ?? first.title;
  return [
    '/main',
    `/classList/${leaf?.categoryid}/${leaf?.pcategoryid}`,
    `/classView/${first.contentsid}`,
    `/search?schtext=${encodeURIComponent(word)}`,
    `/noticeView/${notices.datas.list[0].noticeid}`,
  ];
}

/** One Lighthouse run in a Chromium of its own, as the Lighthouse CLI does it. */
async function lighthouseRun(
  url: string,
  categories: ('performance' | 'accessibility')[] = ['performance'],
  prepare?: (port: number) => Promise<void>,
) {
  const port = 9300 + Math.floor(Math.random() * 500);
  const chrome = launchChromeForLighthouse(port);
  try {
    await waitForDevtools(port);
    // The member pages: the session goes into the fresh profile first.
    await prepare?.(port);
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill('SIGKILL');
  }
}

/**
 * Accessibility of the same pages, from each page's first performance run (the audits are deterministic, and run
 * after the load's trace has ended, so they do not move its timings): keeps the catalog screens at the level session
 * 2 brought them to (contrast, names, targets, heading order). Prints what fails.
 */
function checkAccessibility(firstRuns: [string, Lhr][]): boolean {
  let ok = true;
  console.log('\nLighthouse accessibility (mobile preset):');
  for (const [path, lhr] of firstRuns) {
    const score = lhr.categories.accessibility?.score ?? 0;
    const pass = score >= ACCESSIBILITY_BUDGET;
    ok &&= pass;
    const weighed = new Set(lhr.categories.accessibility?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score === 0 && weighed.has(a.id))
      .map((a) => a.id);
    console.log(
      `  ${path.padEnd(28)} score ${score.toFixed(2)}${failing.length ? `  failing: ${failing.join(', ')}` : ''}  ${pass ? 'pass' : 'FAIL'}`,
    );
  }
  return ok;
}

type Lhr = Awaited<ReturnType<typeof lighthouseRun>>;
const lcpOf = (lhr: Lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
/** The element Lighthouse took as the largest paint, shortened (`<img src="/media/thumbs/127.svg"`): a page whose runs differ by far names why. */
function lcpElementOf(lhr: Lhr): string {
  const tables = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const snippet = tables?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return snippet.replace(/\s+/g, ' ').slice(0, 48);
}
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * LCP of the bare React page (median of BARE_RUNS), served by the same static server as the stack floor.
 * Its image is the class list's first thumbnail as the reference backend draws it (server/media/thumbnails.ts).
 */
async function bareLcp(): Promise<{ median: number; runs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-'));
  await buildReference('bare', dir);
  writeFileSync(join(dir, 'lecture.svg'), thumbnailSvg(101, 111));
  const bare = await serveStatic(dir);
  try {
    const runs: number[] = [];
    for (let i = 0; i < BARE_RUNS; i++) runs.push(lcpOf(await lighthouseRun(`${bare.url}/`)));
    return { median: medianOf(runs), runs };
  } finally {
    bare.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `met`: every target reached (printed); `gateOk`: no page past the regression lines (fails the run). */
async function checkLighthouse(appUrl: string): Promise<{ met: boolean; gateOk: boolean }> {
  let met = true;
  let gateOk = true;
  console.log('\nLighthouse (mobile preset, simulated throttling):');
  const bare = await bareLcp();
  console.log(
    `  ${'bare React page'.padEnd(28)} LCP ${seconds(bare.median)} (runs ${bare.runs.map(seconds).join('/')}; static files, brotli, an inline icon: no request but the page's own three)`,
  );
  const paths = await samplePaths(appUrl);
  const lcpRatios: string[] = [];
  const firstRuns: [string, Lhr][] = [];
  for (const path of paths) {
    // Scores move by a few points run to run: the median of LIGHTHOUSE_RUNS runs is the page's figure.
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
      runs.push(await lighthouseRun(`${appUrl}${path}`, i === 0 ? ['performance', 'accessibility'] : ['performance']));
    firstRuns.push([path, runs[0]!]);
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const score = lhr.categories.performance?.score ?? 0;
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    const pass = score >= LIGHTHOUSE_BUDGET;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const lcpRatio = medianOf(runs.map(lcpOf)) / bare.median;
    lcpRatios.push(
      `${path} ×${lcpRatio.toFixed(2)} (LCP ${runs.map((r) => `${seconds(lcpOf(r))} ${lcpElementOf(r)}`).join('/')})  ${lcpRatio <= LCP_RATIO_GATE ? 'pass' : 'OVER'}`,
    );
    const regressed = score < LIGHTHOUSE_GATE || cls > CLS_GATE || lcpRatio > LCP_RATIO_GATE;
    met &&= pass;
    gateOk &&= !regressed;
    console.log(
      `  ${path.padEnd(28)} score ${score.toFixed(2)} (runs ${runs.map((r) => r.categories.performance?.score?.toFixed(2)).join('/')})  LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  CLS ${audit('cumulative-layout-shift')}  FCP ${audit('first-contentful-paint')}  ${pass ? 'pass' : regressed ? 'FAIL (regression)' : 'below target'}`,
    );
  }
  console.log(
    `  target ≥ ${LIGHTHOUSE_BUDGET} (printed); gate: median ≥ ${LIGHTHOUSE_GATE} and CLS ≤ ${CLS_GATE} (fails the run)`,
  );
  console.log(`  LCP against the bare React page: ${lcpRatios.join('; ')}; target and gate on every page ≤ ${LCP_RATIO_GATE}×`);
  const a11yOk = checkAccessibility(firstRuns);
  return { met: met && a11yOk, gateOk: gateOk && a11yOk };
}

async function main() {
  const chunks = await buildApp();
  const { startServer } = await import('../server/start.ts');
  const server = await startServer({ port: 0, memory: true, serveApp: true, validateResponses: false, quiet: true });
  try {
    const js = await checkInitialJs(server.url, chunks);
    const consoleBudget = await checkConsoleBudget(server.url, { chromiumPath: CHROMIUM, chromeFlags: CHROME_FLAGS, chunks });
    const lighthouseOn = !process.argv.includes('--no-lighthouse');
    const site = lighthouseOn ? await checkLighthouse(server.url) : { met: true, gateOk: true };
    const member = lighthouseOn
      ? await checkMemberHalf(server.url, {
          chromiumPath: CHROMIUM,
          chromeFlags: CHROME_FLAGS,
          lighthouseRun: (url, prepare) => lighthouseRun(url, ['performance'], prepare),
          medianOf,
          advisory: ADVISORY,
        })
      : { met: true, gateOk: true };
    const lh = { met: site.met && member.met, gateOk: site.gateOk && member.gateOk };
    const lhOk = lh.met;
    const allMet = js.ratioOk && js.keptOutOk && consoleBudget.ok && lhOk;
    const gated = ADVISORY ? js.keptOutOk && consoleBudget.ok : js.ratioOk && js.keptOutOk && consoleBudget.ok && lh.gateOk;
    if (!allMet && ADVISORY) {
      const over = [!js.ratioOk && 'initial JS ratio', !lhOk && 'Lighthouse', !js.keptOutOk && 'kept-out libraries', !consoleBudget.ok && 'the console'].filter(
        Boolean,
      );
      console.log(`\nover budget: ${over.join(', ')} (advisory run: only the kept-out check gates; see docs/decisions.md)`);
    }
    console.log(`\nbudgets: ${allMet ? 'all met' : 'NOT all met'}; this run ${gated ? 'passes' : 'FAILS'}`);
    process.exitCode = gated ? 0 : 1;
  } finally {
    await server.close();
  }
}

await main();
