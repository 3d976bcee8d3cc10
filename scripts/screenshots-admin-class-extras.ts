/**
 * Screenshots of the class editor's certificate rules, thumbnail and handouts (issue 38) at 390 px and 1280 px into
 * screenshots/, as the operator: the 수료 기준 card of a class a member has passed (its version note), the same card
 * with the messages beside the fields, and an instructor's own class.
 * Usage: npx tsx scripts/screenshots-admin-class-extras.ts [name-prefix]   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

async function shoot(page: Page, part: Locator, file: string) {
  await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await part.screenshot({ path: join(OUT, `admin-${file}.png`) });
}

const certificateCard = (page: Page) => page.locator('section[aria-labelledby="certificate-title"]');

async function main() {
  mkdirSync(OUT, { recursive: true });
  const only = process.argv[2];
  const wanted = (name: string) => !only || name.startsWith(only);
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      if (wanted('certificate')) {
        // 102: the demo member passed its quiz, so a change of its grading is a new version.
        await page.goto('/admin/classes/102');
        const card = certificateCard(page);
        await card.getByLabel('1번 문항 1번 보기', { exact: true }).waitFor({ timeout: 15_000 });
        await shoot(page, card, `certificate-${width}`);
        await card.getByLabel('2번 문항 2번 보기', { exact: true }).fill('');
        await card.locator('#cert-q2-score').fill('10');
        await card.getByLabel('응시 가능 진도율 (%)').fill('120');
        await card.getByRole('button', { name: '수료 기준 저장' }).click();
        await card.locator('.field-error').first().waitFor();
        await shoot(page, card, `certificate-errors-${width}`);
      }
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
