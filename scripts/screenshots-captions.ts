/**
 * Issue 26: the player with Korean captions showing and the quality menu open, at 390 px and 1280 px, signed in as
 * the demo member, into screenshots/ (git-ignored). Usage: npx tsx scripts/screenshots-captions.ts
 * (builds the app unless E2E_NO_BUILD=1).
 */
import { mkdirSync } from 'node:fs';
import { newPage, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? 'screenshots';

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      await signInLocal(page, DEMO.member.email);
      await page.goto('/player/102?videoid=10212&t=0');
      await page.waitForFunction(
        () => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 2,
        null,
        { timeout: 20_000 },
      );
      await page.locator('media-captions-menu-button').click();
      await page.locator('media-captions-menu [role="menuitemradio"]', { hasText: '한국어' }).click();
      await page.locator('.player-stage__bar media-play-button').click();
      await page.waitForFunction(() => {
        const t = Array.from(document.querySelector<HTMLVideoElement>('.player-stage video')!.textTracks)[0];
        return (t?.activeCues?.length ?? 0) > 0;
      });
      await page.locator('.player-stage__bar media-play-button').click();
      await page.locator('media-rendition-menu-button').click();
      await page.locator('media-rendition-menu [role="menuitemradio"]').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/player-captions-quality-${width}.png` });
      await context.close();
    }
  });
}

await main();
