import { chromium } from 'playwright-core';
import { startServer } from '../server/start';
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
