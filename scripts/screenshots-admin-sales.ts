/**
 * Screenshots of the console's 매출 screen (issue 39) at 390 px and 1280 px into screenshots/, as the operator: a month
 * of orders (written here, paid by card, 할부, 카카오페이, 네이버페이 and 토스페이, over several classes, with refunds on
 * later days) by day, by week and by class.
 * Usage: npx tsx scripts/screenshots-admin-sales.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import type { Db } from '../server/db/database';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const FROM = '2024-03-01';
const UNTIL = '2024-03-31';
const METHODS = [['card', 0], ['card', 3], ['kakaopay', 0], ['naverpay', 0], ['card', 0], ['tosspay', 0]] as const;
const CLASSES = [101, 102, 103, 104, 106, 107];

/** Says when the page is wider than its window (nothing may be cut at 390 px). */
async function fits(page: Page, name: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (over > 0) console.warn(`${name}: ${over} px wider than the window`);
}

/** Forty orders of March 2024 by the demo member, the same every run, and three refunds finished days later. */
async function aMonthOfOrders(db: Db) {
  for (let i = 0; i < 40; i++) {
    const paymentid = 5000 + i;
    const day = String(1 + ((i * 7) % 31)).padStart(2, '0');
    const at = `2024-03-${day} ${String(9 + (i % 12)).padStart(2, '0')}:15:00`;
    const [method, months] = METHODS[i % METHODS.length]!;
    const contentsid = CLASSES[(i * 5) % CLASSES.length]!;
    await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, created_at, paid_at,
        paid_method, installment_month, refunded_amount)
      select ${paymentid}, 'u-demo-1', title, ${String(contentsid)}, saleprice, saleprice, ${i % 13 === 5 ? 'partially_refunded' : 'paid'},
        'card', ${at}, ${at}, ${method}, ${months}, ${i % 13 === 5 ? 10000 : 0} from lectures where contentsid = ${contentsid}`.execute(db);
    await sql`insert into payment_items (paymentid, contentsid, price) select ${paymentid}, ${contentsid}, saleprice from lectures where contentsid = ${contentsid}`.execute(db);
    if (i % 13 === 5)
      await sql`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back, points_shortfall,
          coupon_restored, contentsids, reason, created_at, done_at, issued_by)
        values (${paymentid}, 'u-demo-1', 'done', 'store', 10000, 0, 0, 0, false, '', '영상 오류 보상', ${at}, ${`2024-03-${String(Math.min(31, Number(day) + 3)).padStart(2, '0')} 15:00:00`}, 'u-demo-5')`.execute(db);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    await aMonthOfOrders(server.db);
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      await page.goto('/admin/sales');
      await page.getByTestId('admin-sales-report').waitFor({ timeout: 15_000 });
      await page.getByLabel('시작일').fill(FROM);
      await page.getByLabel('종료일').fill(UNTIL);
      await page.locator('.admin-sales-table tr[data-key="2024-03-31"]').waitFor({ timeout: 15_000 });
      await fits(page, `sales by day ${width}`);
      await page.screenshot({ path: join(OUT, `admin-sales-${width}.png`), fullPage: true });

      await page.getByRole('button', { name: '주별' }).click();
      await page.locator('.admin-sales-table tr[data-key="2024-02-26"]').waitFor({ timeout: 15_000 });
      await page.screenshot({ path: join(OUT, `admin-sales-weeks-${width}.png`), fullPage: true });

      await page.getByRole('button', { name: '클래스별' }).click();
      await page.locator('.admin-sales-table tr[data-key="101"]').waitFor({ timeout: 15_000 });
      await fits(page, `sales by class ${width}`);
      await page.screenshot({ path: join(OUT, `admin-sales-classes-${width}.png`), fullPage: true });
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
