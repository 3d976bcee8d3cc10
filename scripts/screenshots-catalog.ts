/**
 * Screenshots of the catalog, search and information pages at 390 px and 1280 px into screenshots/.
 * Usage: npx tsx scripts/screenshots-catalog.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, ROOT, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const PAGES: [name: string, path: string, ready: string][] = [
  ['main', '/main', '.hero img'],
  ['class-list', '/classList/11/1', '[data-testid="lecture-card"]'],
  ['class-view', '/classView/101', '.class-summary'],
  ['search', '/search?schtext=%ED%95%84%EB%9D%BC%ED%85%8C%EC%8A%A4', '[data-testid="lecture-card"]'],
  ['search-empty', '/search?schtext=zzzz', '.empty-state'],
  ['notice', '/notice', '[data-testid="notice-list"]'],
  ['notice-view', '/noticeView/1', '.board-view__body'],
  ['faq', '/q&a', '[data-testid="faq-list"]'],
  ['suggest-visitor', '/q&a?tab=suggest', '.empty-state'],
  ['company', '/company', '[data-testid="branch-card"]'],
  ['privacy', '/privacyPolicy', '.policy__article'],
  ['terms', '/termsOfUse', '.policy__article'],
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    const only = process.argv[2];
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, {
        width,
        height: width < 600 ? 844 : 900,
      });
      for (const [name, path, ready] of PAGES) {
        if (only && !name.startsWith(only)) continue;
        await page.goto(path);
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(500);
        await page.screenshot({
          path: join(OUT, `cat-${name}-${width}.png`),
          fullPage: true,
        });
      }
      if (!only || only === 'suggest') {
        await signInLocal(page, DEMO.member.email);
        await page.goto('/q&a?tab=suggest');
        await page.getByRole('button', { name: '문의하기' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({
          path: join(OUT, `cat-suggest-form-${width}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
