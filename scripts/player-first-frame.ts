/**
 * Where the player's first frame waits (issue 26's member half): the player opened as the demo member on the budget's
 * slow-4G network, every request with its start and end after navigation, then the first frame. Not a test.
 * `npx tsx scripts/player-first-frame.ts [path]` (default the budget's PLAYER_PATH; the app's build in dist/).
 */
import { chromium } from 'playwright-core';
import { startServer } from '../server/start';
import { FIRST_FRAME_PROBE, PLAYER_PATH, SLOW_4G, signedInState } from './budgetMember';

const path = process.argv[2] ?? PLAYER_PATH;
const server = await startServer({ port: 0, memory: true, serveApp: true, validateResponses: false, quiet: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const state = await signedInState(browser, server.url);
  const context = await browser.newContext({ storageState: state });
  await context.addInitScript(FIRST_FRAME_PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const t0 = Date.now();
  const rows: string[] = [];
  page.on('requestfinished', (r) => {
    const started = r.timing().startTime - t0;
    rows.push(`${String(Math.round(started)).padStart(6)} → ${String(Math.round(started + r.timing().responseEnd)).padStart(6)} ms  ${r.url().replace(server.url, '').slice(0, 90)}`);
  });
  await page.goto(server.url + path, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as { __firstFrame?: number }).__firstFrame !== undefined, null, { timeout: 60_000 });
  const frame = await page.evaluate(() => (window as { __firstFrame?: number }).__firstFrame!);
  console.log(rows.sort((a, b) => parseInt(a) - parseInt(b)).join('\n'));
  console.log(`first frame ${Math.round(frame)} ms after navigation start`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
