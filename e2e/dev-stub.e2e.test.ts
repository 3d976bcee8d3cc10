import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { fileBrowser, releaseBrowser, newPage, ROOT } from './support';

/** `npm run dev:stub`: the app in Vite, its API answered by pact-stub-server from the committed pacts, no backend. */
const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

// What the pact recorded for the class list's first page, most popular first.
const pact = JSON.parse(readFileSync(`${ROOT}/contracts/pacts/storefront-web-storefront-api.json`, 'utf8'));
const firstPage = pact.interactions.find((i: { description: string }) => i.description === 'a request for the lectures of category 111 sorted by popularity');
const recordedTitle: string = firstPage.response.body.content.datas.list[0].title;

let devStub: ChildProcess;
let browser: Browser;
let appUrl: string;
let output = '';

beforeAll(async () => {
  const [apiPort, appPort] = [await freePort(), await freePort()];
  appUrl = `http://localhost:${appPort}`;
  // Its own process group: stopping it stops Vite and the stub server with it.
  devStub = spawn('npm', ['run', '-s', 'dev:stub', '--', '--port', String(appPort), '--strictPort'], {
    cwd: ROOT,
    env: { ...process.env, API_PORT: String(apiPort) },
    detached: true,
  });
  devStub.stdout!.on('data', (d) => (output += d));
  devStub.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<never>((_, fail) => devStub.once('exit', (code) => fail(new Error(`dev:stub exited (${code}):\n${output}`))));
  const ready = (async () => {
    for (;;) {
      const up = await fetch(appUrl).then((r) => r.ok, () => false);
      if (up) return;
      await new Promise((wait) => setTimeout(wait, 250));
    }
  })();
  await Promise.race([ready, exited]);
  browser = await fileBrowser();
});
afterAll(async () => {
  if (browser) await releaseBrowser(browser);
  if (devStub?.pid) process.kill(-devStub.pid, 'SIGTERM');
});

describe('npm run dev:stub', () => {
  it("serves the class list's first page from the pacts to the app", async () => {
    expect(recordedTitle).toBeTruthy();
    const { context, page } = await newPage(browser, appUrl);
    const lectures = page.waitForResponse((r) => r.url().includes('/api/Contents/GetOnlineLectures/'), { timeout: 150_000 });
    await page.goto('/classList/111/1?sort=popular', { timeout: 150_000 });
    const answer = await lectures;
    expect(answer.status()).toBe(200);
    // Vite compiles the app's modules on this first visit: slow on a busy machine, so a long wait for the card.
    const first = page.locator('[data-testid="lecture-card"] h3').first();
    await first.waitFor({ timeout: 150_000 });
    expect(await first.textContent()).toBe(recordedTitle);
    await context.close();
  }, 180_000);
});
