/**
 * Screenshots of a page's static first paint (every script refused: what the document alone paints) beside the app's
 * render of the same page, at 390 and 1280 px, to compare by eye that the picture puts things where the app does
 * (server/http/*FirstPaint.ts, issue 43). `npx tsx scripts/screenshots-first-paint.ts /classList/111/1 /noticeView/1`
 * after a build; writes /tmp/shots/<page>-<width>-{static,app}.png. Not a test.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start';
mkdirSync('/tmp/shots', { recursive: true });
const s = await startServer({ port: 0, memory: true, serveApp: true, validateResponses: false, quiet: true });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const path of process.argv.slice(2)) for (const w of [390, 1280]) {
  for (const held of [true, false]) {
    const p = await b.newPage({ viewport: { width: w, height: 844 } });
    if (held) await p.route(/\.js(\?|$)/, (r) => r.abort());
    await p.goto(s.url + path, { waitUntil: held ? 'load' : 'networkidle' });
    await p.waitForTimeout(held ? 300 : 800);
    const name = `/tmp/shots/${path.replace(/\W+/g, '_')}-${w}-${held ? 'static' : 'app'}.png`;
    await p.screenshot({ path: name });
    console.log(name);
    await p.close();
  }
}
await b.close(); await s.close();
