/**
 * Screenshots of the shell at 390 px and 1280 px into screenshots/ (gitignored), for looking at:
 * header (logged out / in), side menu (logged out / in), footer, compact header, search, login.
 * Usage: npx tsx scripts/screenshots.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const WIDTHS = [390, 1280] as const;

async function shoot(page: Page, name: string, width: number, fullPage = false) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of WIDTHS) {
      const { context, page } = await newPage(browser, server.url, {
        width,
        height: width < 600 ? 844 : 900,
      });
      await page.goto('/main');
      await page.locator('.gnb__item, .site-header').first().waitFor();
      await shoot(page, 'header-visitor', width);
      if (width > 600) {
        await page.locator('.gnb__item').first().hover();
        await shoot(page, 'menu-hover', width);
        await page.mouse.move(5, 600);
      }
      await page.getByRole('button', { name: '검색' }).first().click();
      await shoot(page, 'search-open', width);
      await page.keyboard.press('Escape');
      await page.goto('/main');
      await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
      await shoot(page, 'side-menu-visitor', width);
      await page.goto('/login');
      await shoot(page, 'login', width, true);
      await page.goto('/notice');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shoot(page, 'footer', width);
      await signInLocal(page, DEMO.member.email);
      await shoot(page, 'header-member', width);
      await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
      await page.locator('[data-testid="count-point"]').waitFor();
      await shoot(page, 'side-menu-member', width);
      await page.goto('/myclass');
      await page.locator('.shell__main').waitFor();
      // Tall enough to scroll past the 70 px threshold and back.
      await page.evaluate(() => ((document.querySelector('.shell__main') as HTMLElement).style.minHeight = '2400px'));
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.waitForTimeout(200);
      await page.evaluate(() => window.scrollTo(0, 500));
      await shoot(page, 'header-compact', width);
      await page.evaluate(() => window.scrollTo(0, 300));
      await shoot(page, 'header-fixed-up', width);
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
