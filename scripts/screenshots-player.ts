/**
 * Screenshots of the player at 390 px and 1280 px, signed in as the demo member, into /tmp/shots-player/ (its
 * server-written first paint too, with the app's scripts held).
 * Usage: npx tsx scripts/screenshots-player.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { newPage, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-player';

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      await signInLocal(page, DEMO.member.email);
      for (const [name, path] of [
        ['mp4', '/player/101?videoid=10112&t=95'],
        ['hls', '/player/102'],
      ] as const) {
        await page.goto(path);
        await page.locator('.player-stage video').waitFor();
        await page.waitForFunction(
          () => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 2,
          null,
          { timeout: 15_000 },
        );
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${OUT}/player-${name}-${width}.png`, fullPage: true });
      }
      // The server-written first paint with every script held (issue 26): the picture the app then replaces.
      const held = await context.newPage();
      await held.route(/\.js(\?|$)/, () => undefined);
      await held.goto('/player/121?videoid=12112&t=95', { waitUntil: 'commit' });
      await held.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video#first-paint-video')?.readyState ?? 0) >= 2);
      await held.screenshot({ path: `${OUT}/player-first-paint-${width}.png` });
      await held.close();
            // The tab that lost the playing place to another tab.
      const other = await context.newPage();
      await other.goto('/player/121?videoid=12122&t=10');
      await other.locator('.player-stage__bar media-play-button').click();
      await page.goto('/player/121?videoid=12121&t=10');
      await page.locator('.player-stage__bar media-play-button').click();
      await other.locator('.player-overlay--displaced').waitFor({ timeout: 15_000 });
      await other.screenshot({ path: `${OUT}/player-displaced-${width}.png` });
      await context.close();
    }
  });
  console.log(`screenshots in ${OUT}`);
}

void main();
