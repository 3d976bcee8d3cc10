/**
 * Screenshots of the screens issue 42's width walk (e2e/no-sideways.e2e.test.ts) changed, at 320, 390 and 1280 px, into
 * screenshots/: the search box (its placeholder), the payment page scrolled so 토스페이 sits where the ↑ button shows
 * (the button stays away) and its coupon field, the console's 회원 and 수료증 searches and the view-as reason, and a
 * notice, a review and a 1:1 suggestion holding text with no place to break (as the walk writes them).
 * Usage: npx tsx scripts/screenshots-no-sideways.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { DEMO, ROOT, signedInPage, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const WIDTHS = [320, 390, 1280] as const;

async function shoot(page: Page, file: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, `${file}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) console.log(`${file}: the page is ${wide} px wider than the window`);
}

await withAppAndBrowser(async (server, browser) => {
  mkdirSync(OUT, { recursive: true });
  const url = 'https://www.pilates-rehab.example/board/notice/attachments/2026-11-schedule-and-refund-policy-final.pdf';
  const mail = 'pilates.rehabilitation.customer.support.team@pilates-rehab.example';
  const korean = '필라테스재활협회온라인클래스수강기간연장및환불정책변경안내문입니다';
  await sql`update notices set title = ${`${korean} ${mail}`}, content = content || ${`<p>${url}</p><p>${mail}</p>`} where noticeid = 1`.execute(server.db);
  await sql`update ratings set content = ${`${korean} ${url}`} where ratingid = (select min(ratingid) from ratings where contentsid = 101)`.execute(server.db);
  await sql`update suggests set title = ${korean}, content = ${`${url}\n${mail}`} where suggestid = 1`.execute(server.db);
  for (const width of WIDTHS) {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    const member = await signedInPage(browser, server.url, DEMO.member.email, { viewport });
    const page = member.page;
    await page.goto('/main');
    await page.locator('.site-header').getByRole('button', { name: '검색' }).click();
    await page.getByTestId('search-box').waitFor();
    await shoot(page, `no-sideways-search-${width}`);

    await page.goto('/noticeView/1');
    await page.locator('.board-view__title').waitFor();
    await shoot(page, `no-sideways-notice-${width}`);
    await page.goto('/classView/101');
    // The reviews load as they near the viewport.
    for (let i = 0; i < 5 && !(await page.locator('.rating-list li').count()); i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(500);
    }
    await page.locator('.rating-list li').first().scrollIntoViewIfNeeded();
    await shoot(page, `no-sideways-review-${width}`);
    await page.goto('/q&a?tab=suggest');
    await page.getByTestId('suggest-list').locator('.board-list__title').first().click();
    await page.getByTestId('suggest-view').waitFor();
    await shoot(page, `no-sideways-suggestion-${width}`);

    await page.goto('/payment/104');
    await page.locator('.checkout__pay:not([disabled])').waitFor();
    await page.locator('.pay-method', { hasText: '토스페이' }).evaluate((el) => {
      const box = el.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + box.top + box.height / 2 - (window.innerHeight - 102) + 60);
    });
    await page.waitForTimeout(100);
    await page.evaluate(() => window.scrollBy(0, -60));
    await shoot(page, `no-sideways-payment-tosspay-${width}`);
    // Further up, nothing under the button: it shows.
    await page.locator('#coupon-number').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await page.waitForTimeout(100);
    await page.evaluate(() => window.scrollBy(0, -60));
    await shoot(page, `no-sideways-payment-coupon-${width}`);
    await member.context.close();

    const staff = await signedInPage(browser, server.url, 'staff@demo.kr', { viewport });
    for (const screen of ['members', 'certificates', 'view-as']) {
      await staff.page.goto(`/admin/${screen}`);
      await staff.page.locator('main input').first().waitFor();
      await shoot(staff.page, `no-sideways-admin-${screen}-${width}`);
    }
    await staff.context.close();
  }
});
