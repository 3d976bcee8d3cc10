/**
 * Screenshots of what the demo data changed (issue 42, findings 9 and 13) at 390 px and 1280 px into screenshots/:
 * the first banner and the list it opens, the class view's curriculum of 10분 아침 매트 루틴, the member's oldest order
 * (approval number, coupon), the points history and the privacy policy's contact.
 * Usage: npx tsx scripts/screenshots-demo.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

async function shoot(page: Page, part: Locator | null, file: string) {
  if (part) await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  const path = join(OUT, `${file}.png`);
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path, fullPage: false });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) console.log(`${file}: the page is ${wide} px wider than the window`);
}

await withAppAndBrowser(async (server, browser) => {
  mkdirSync(OUT, { recursive: true });
  for (const width of [390, 1280] as const) {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    const { context, page } = await newPage(browser, server.url, viewport);
    await page.goto('/main');
    await page.locator('.hero__slide img').first().waitFor();
    await shoot(page, page.locator('.hero'), `demo-banner-${width}`);
    await page.goto('/classList/11/1');
    await page.locator('.price').first().waitFor();
    await shoot(page, null, `demo-banner-list-${width}`);
    await page.goto('/classView/103');
    await page.locator('.class-tabs').getByRole('link', { name: '커리큘럼' }).click();
    await page.locator('.curriculum__section').first().waitFor();
    await shoot(page, page.locator('.class-summary'), `demo-class-summary-${width}`);
    await shoot(page, page.locator('#curriculum'), `demo-curriculum-${width}`);
    await signInLocal(page, 'member@demo.kr');
    await page.goto('/mypayment?paymentid=4');
    await page.locator('.payment-facts__mono').waitFor();
    await shoot(page, page.getByTestId('payment-detail'), `demo-order-${width}`);
    await page.goto('/mypoint');
    await page.getByText('결제 적립').first().waitFor();
    await shoot(page, page.locator('main'), `demo-points-${width}`);
    await page.goto('/privacyPolicy');
    await page.getByText('개인정보 보호책임자:').waitFor();
    await shoot(page, page.getByText('개인정보 보호책임자:'), `demo-privacy-${width}`);
    await context.close();
  }
});
