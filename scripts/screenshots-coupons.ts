/**
 * Screenshots of issue 25's member-facing parts at 390 px and 1280 px, into /tmp/shots-coupons/: the payment page
 * with 내 쿠폰, /mycoupon, a free class's 수강 신청 confirmation, the free result, and a paid result's 거래 조건
 * 안내 (the legal block). Usage: npx tsx scripts/screenshots-coupons.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { newPage, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-coupons';
/** The demo's free class (0원). */
const FREE_CLASS = 110;

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      // One member per width: each buys the same classes once.
      await signInLocal(page, width === 390 ? DEMO.member.email : DEMO.newMember.email);
      await page.goto('/payment/104');
      await page.locator('.my-coupon-picker [data-testid="coupon-ticket"]').first().waitFor();
      await page.screenshot({ path: `${OUT}/payment-mycoupon-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: '신규 회원 5,000원 할인 쿠폰 사용' }).click();
      await page.locator('.checkout-applied').waitFor();
      await page.locator('.checkout-agree input').check();
      await page.locator('.checkout__pay').click();
      await page.locator('dialog.card-window').getByRole('button', { name: '승인' }).click();
      await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
      await page.getByTestId('withdrawal-deadline').waitFor();
      await page.screenshot({ path: `${OUT}/result-paid-${width}.png`, fullPage: true });
      await page.getByTestId('order-terms').screenshot({ path: `${OUT}/result-legal-${width}.png` });

      await page.goto('/mycoupon');
      await page.getByTestId('coupon-ticket').first().waitFor();
      await page.screenshot({ path: `${OUT}/mycoupon-${width}.png`, fullPage: true });

      await page.goto(`/classView/${FREE_CLASS}`);
      await page.getByRole('button', { name: '수강 신청' }).click();
      await page.locator('.swal2-popup').waitFor();
      await page.waitForTimeout(400); // the popup's entry animation
      await page.screenshot({ path: `${OUT}/free-confirm-${width}.png` });
      await page.locator('.swal2-confirm').click();
      await page.waitForURL(/\/paymentResultFree\?paymentid=\d+/);
      await page.getByTestId('order-terms').waitFor();
      await page.screenshot({ path: `${OUT}/result-free-${width}.png`, fullPage: true });
      await context.close();
    }
  });
}

await main();
