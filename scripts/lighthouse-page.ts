/**
 * Diagnoses one page with Lighthouse (mobile preset): metrics, the LCP element and its phases, long tasks,
 * main-thread breakdown and layout shifts. `npx tsx scripts/lighthouse-page.ts /main`; `-- /mypayment --member` signs the
 * demo member in first, as the budget's member half does; `--dist=<dir>` serves another build (to compare two). Not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start';
import { applySession, signedInState } from './budgetMember';

type Items = { details?: { items?: Record<string, unknown>[] } };

const path = process.argv[2] ?? '/main';
const member = process.argv.includes('--member');
const distDir = process.argv.find((a) => a.startsWith('--dist='))?.slice(7);
const server = await startServer({ port: 0, memory: true, serveApp: true, distDir, validateResponses: false, quiet: true });
const port = 9600 + Math.floor(Math.random() * 300);
const chrome = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${port}`, `--user-data-dir=${mkdtempSync(join(tmpdir(), 'lh-'))}`, 'about:blank'],
  { stdio: 'ignore' },
);
try {
  await new Promise((r) => setTimeout(r, 1500));
  if (member) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const state = await signedInState(browser, server.url).finally(() => browser.close());
    await applySession(state, server.url)(port);
  }
  const result = await lighthouse(server.url + path, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result!.lhr;
  const audits = lhr.audits as Record<string, Items & { displayValue?: string; score?: number | null }>;
  console.log(`${path}: performance ${lhr.categories.performance?.score}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${id.padEnd(26)} ${audits[id]?.displayValue}  (score ${audits[id]?.score})`);
  }
  const observed = (audits['metrics']?.details?.items?.[0] ?? {}) as Record<string, number>;
  console.log(`  observed: FCP ${Math.round(observed.observedFirstContentfulPaint ?? 0)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms (the requests that end before it are in Lantern's LCP graph)`);
  const lcp = audits['largest-contentful-paint-element']?.details?.items as { items?: Record<string, unknown>[] }[] | undefined;
  console.log('  LCP element:', JSON.stringify((lcp?.[0]?.items?.[0] as { node?: { snippet?: string } })?.node?.snippet));
  console.log('  LCP phases:', JSON.stringify(lcp?.[1]?.items?.map((i) => `${i.phase} ${Math.round(Number(i.timing))}ms`)));
  console.log('  long tasks:', JSON.stringify(audits['long-tasks']?.details?.items?.slice(0, 8).map((i) => `${String(i.url).split('/').pop()} ${Math.round(Number(i.duration))}ms@${Math.round(Number(i.startTime))}`)));
  console.log('  main thread:', JSON.stringify(audits['mainthread-work-breakdown']?.details?.items?.map((i) => `${i.group} ${Math.round(Number(i.duration))}ms`)));
  const requests = audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((i) => i.resourceType === 'Script');
  if (process.argv.includes('--requests'))
    console.log('  requests:', JSON.stringify(requests.map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${Math.round(Number(i.networkRequestTime))}-${Math.round(Number(i.networkEndTime))}`), null, 1));
  console.log('  scripts:', JSON.stringify(scripts.map((i) => `${String(i.url).split('/').pop()} ${Math.round(Number(i.transferSize) / 1024)}KB@${Math.round(Number(i.networkEndTime))}`)));
  console.log('  script time:', JSON.stringify(audits['bootup-time']?.details?.items?.slice(0, 6).map((i) => `${String(i.url).split('/').pop()} eval ${Math.round(Number(i.scripting))}ms parse ${Math.round(Number(i.scriptParseCompile))}ms`)));
  console.log('  layout shifts:', JSON.stringify(audits['layout-shifts']?.details?.items?.slice(0, 5).map((i) => `${String((i.node as { snippet?: string })?.snippet).slice(0, 80)} ${Number(i.score).toFixed(3)}`)));
} finally {
  chrome.kill('SIGKILL');
  await server.close();
}
