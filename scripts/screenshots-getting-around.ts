/**
 * Issue 26 "Getting around" screenshots at 390 px and 1280 px into screenshots/: the mobile buy bar, the 1:1 form
 * with its errors, the main page, the certificate (and its print size) and the player's Q&A tab.
 * Usage: npx tsx scripts/screenshots-getting-around.ts   (builds the app unless E2E_NO_BUILD=1; APP_DIST=<dir>
 * serves an app built elsewhere instead)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, ROOT, buildApp, launchBrowser, newPage, signInLocal, startApp } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? join(ROOT, 'screenshots');

async function main() {
  mkdirSync(OUT, { recursive: true });
  if (!process.env.APP_DIST) buildApp();
  const server = await startApp(process.env.APP_DIST ? { distDir: process.env.APP_DIST } : {});
  const browser = await launchBrowser();
  try {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      const shot = (name: string, fullPage = false) => page.screenshot({ path: `${OUT}/ga-${name}-${width}.png`, fullPage });

      await page.goto('/main');
      await page.locator('.hero img').first().waitFor();
      for (let y = 0; y < 6000; y += 600) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(150);
      }
      await page.locator('.review-list').waitFor({ timeout: 10_000 }).catch(() => {});
      await shot('main', true);

      await page.goto('/classView/113');
      await page.locator('.class-summary__title').waitFor();
      await page.mouse.wheel(0, 1400);
      await page.waitForTimeout(600);
      await shot('class-view-scrolled');

      await signInLocal(page, DEMO.member.email);
      await page.goto('/q&a');
      await page.getByRole('tab', { name: '1:1 문의' }).click();
      await page.getByRole('button', { name: /문의하기|문의 작성|글쓰기/ }).first().click().catch(() => {});
      await page.locator('.suggest-form').waitFor();
      await page.getByRole('button', { name: '문의 등록' }).click();
      await page.locator('.suggest-form .field-error').first().waitFor();
      await page.locator('.suggest-form').scrollIntoViewIfNeeded();
      await shot('suggest-errors', true);

      await page.goto('/myCertificatesPrint/102');
      await page.locator('.certificate').waitFor();
      await page.waitForTimeout(400);
      await shot('certificate', true);
      if (width === 1280) {
        await page.emulateMedia({ media: 'print' });
        await page.pdf({ path: `${OUT}/ga-certificate-print.pdf`, preferCSSPageSize: true, printBackground: true });
        await page.emulateMedia({ media: 'screen' });
      }

      await page.goto('/player/101');
      await page.getByRole('tab', { name: 'Q&A' }).click();
      await page.locator('.player-qna .lecture-qna').waitFor();
      await page.locator('.player-qna [data-testid="qna-item"]').first().waitFor({ timeout: 5000 }).catch(() => {});
      await page.waitForTimeout(400);
      await shot('player-qna', width < 600);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`screenshots in ${OUT}`);
}

void main();
