/**
 * Screenshots of the console's 주문 screen (issue 39) at 390 px and 1280 px into screenshots/, as the operator: the
 * list with a refund claim waiting for 확인 above it, an order the demo member bought with the test card (its line and
 * the demo ledger as the provider's record), the refund form with its messages beside the fields, and the order after a
 * part of it was refunded; then the member's own history showing 부분환불 with the amount.
 * Usage: npx tsx scripts/screenshots-admin-orders.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { buyWithTestCard, confirmPopup, newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

async function shoot(page: Page, part: Locator, file: string) {
  await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await part.screenshot({ path: join(OUT, `admin-${file}.png`) });
}

/** Says when the page is wider than its window (nothing may be cut at 390 px). */
async function fits(page: Page, name: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (over > 0) console.warn(`${name}: ${over} px wider than the window`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    // A member's refund whose answer from the card never came (seeded order 4): the queue above the list.
    await sql`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back, points_shortfall,
        coupon_restored, contentsids, reason, created_at, whole, cancellable_before, unsettled_at)
      select 4, useruid, 'pending', 'unused', amount, 0, 0, 0, false, '', '단순 변심', '2026-11-27 14:02:11', true, amount, '2026-11-27 14:02:21'
      from payments where paymentid = 4`.execute(server.db);
    for (const [width, contentsid] of [[390, 106], [1280, 107]] as const) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const member = await newPage(browser, server.url, viewport);
      await signInLocal(member.page, 'member@demo.kr');
      const paymentid = await buyWithTestCard(member.page, contentsid);

      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      await page.goto('/admin/orders');
      await page.getByTestId('admin-order-table').waitFor({ timeout: 15_000 });
      await page.getByTestId('admin-unsettled').waitFor();
      await fits(page, `orders ${width}`);
      await page.screenshot({ path: join(OUT, `admin-orders-${width}.png`), fullPage: true });

      await page.locator(`tr[data-paymentid="${paymentid}"]`).getByRole('button', { name: '열기' }).click();
      const form = page.getByTestId('admin-refund-form');
      await form.waitFor({ timeout: 15_000 });
      await fits(page, `order ${width}`);
      await page.screenshot({ path: join(OUT, `admin-order-${width}.png`), fullPage: true });

      await form.getByLabel('환불 금액 (원)').fill('0');
      await form.getByRole('button', { name: '환불하기' }).click();
      await form.locator('.field-error').first().waitFor();
      await shoot(page, form, `order-refund-errors-${width}`);

      await form.getByLabel('환불 금액 (원)').fill('10,000');
      await form.getByLabel('사유').fill('3강 영상 오류 보상');
      await form.getByRole('button', { name: '환불하기' }).click();
      await page.locator('.swal2-popup').waitFor();
      await page.screenshot({ path: join(OUT, `admin-order-refund-confirm-${width}.png`) });
      await confirmPopup(page);
      await form.getByText('환불이 완료되었습니다').waitFor({ timeout: 15_000 });
      await page.getByTestId('admin-order-refunds').waitFor();
      await fits(page, `order refunded ${width}`);
      await page.screenshot({ path: join(OUT, `admin-order-refunded-${width}.png`), fullPage: true });

      await member.page.goto('/mypayment');
      await member.page.getByText('부분환불').first().waitFor({ timeout: 15_000 });
      await member.page.screenshot({ path: join(OUT, `admin-order-member-history-${width}.png`), fullPage: true });
      await member.context.close();
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
