/**
 * Where the player's first frame waits (issue 26's member half): the budget's first-frame measurement of the player,
 * signed in as the demo member on slow 4G, with every request's start and end after navigation, then when playback
 * starts and the curriculum shows. Not a test.
 * `npx tsx scripts/player-first-frame.ts [path]` (default the budget's PLAYER_PATH; the app's build in dist/).
 */
import { chromium } from 'playwright-core';
import { startServer } from '../server/start';
import { PLAYER_PATH, firstFrame, signedInState } from './budgetMember';

const path = process.argv[2] ?? PLAYER_PATH;
const server = await startServer({ port: 0, memory: true, serveApp: true, validateResponses: false, quiet: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const state = await signedInState(browser, server.url);
  const rows: string[] = [];
  let t0 = 0;
  let after = '';
  const { ms } = await firstFrame(browser, server.url + path, state, (page) => {
    t0 = Date.now(); // just before the navigation
    page.on('requestfinished', (r) => {
      const started = r.timing().startTime - t0;
      rows.push(`${String(Math.round(started)).padStart(6)} → ${String(Math.round(started + r.timing().responseEnd)).padStart(6)} ms  ${r.url().replace(server.url, '').slice(0, 90)}`);
    });
  }, async (page) => {
    // What the member waits for next: playback (the player starts it once its scripts are in) and the curriculum.
    await page.waitForFunction(() => (window as { __playing?: number }).__playing !== undefined, null, { timeout: 60_000 });
    const playing = await page.evaluate(() => (window as { __playing?: number }).__playing!);
    await page.locator('.player-curriculum__item').first().waitFor({ timeout: 60_000 });
    after = `playing ${Math.round(playing)} ms, curriculum by ${Math.round(await page.evaluate(() => performance.now()))} ms`;
  });
  console.log(rows.sort((a, b) => parseInt(a) - parseInt(b)).join('\n'));
  console.log(`first frame ${Math.round(ms)} ms after navigation start; ${after}`);
} finally {
  await browser.close();
  await server.close();
}
