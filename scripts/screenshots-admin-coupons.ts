/**
 * Screenshots of the console's 쿠폰 screen (issue 39) at 390 px and 1280 px into screenshots/, as the operator: the new
 * campaign form with its messages beside the fields, a wallet campaign issued to new@demo.kr with each pasted line's
 * outcome, a code campaign of 500 codes, and the list's figures after new@demo.kr paid with the coupon; then the member's
 * checkout with the coupon applied.
 * Usage: npx tsx scripts/screenshots-admin-coupons.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { confirmPopup, newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

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

async function createCampaign(page: Page, fill: (form: Locator) => Promise<void>) {
  const form = page.getByRole('form', { name: '새 쿠폰 캠페인' });
  await fill(form);
  await form.getByRole('button', { name: '캠페인 만들기' }).click();
  await confirmPopup(page);
  await form.getByRole('status').waitFor({ timeout: 15_000 });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const [width, contentsid] of [[390, 106], [1280, 104]] as const) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const walletName = width < 600 ? '재수강 감사 쿠폰' : '가을 특별 할인';
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      await page.goto('/admin/coupons');
      const form = page.getByRole('form', { name: '새 쿠폰 캠페인' });
      await form.waitFor({ timeout: 15_000 });

      await form.getByLabel('정률 (%)').check();
      await form.getByLabel('할인율 (%)').fill('120');
      await form.getByRole('button', { name: '캠페인 만들기' }).click();
      await form.locator('.field-error').first().waitFor();
      await shoot(page, form, `coupons-form-errors-${width}`);
      await form.getByLabel('정액 (원)').check();

      await createCampaign(page, async (f) => {
        await f.getByLabel('쿠폰 이름').fill(`봄맞이 코드 ${width}`);
        await f.getByLabel('할인 금액 (원)').fill('5,000');
        await f.getByLabel('최소 주문금액 (원)').fill('30,000');
        await f.getByLabel('쿠폰 코드 만들기').check();
        await f.getByLabel('만들 코드 수').fill('500');
      });
      await createCampaign(page, async (f) => {
        await f.getByLabel('쿠폰 이름').fill(walletName);
        await f.getByLabel('정률 (%)').check();
        await f.getByLabel('할인율 (%)').fill('20');
        await f.getByLabel('최대 할인 금액 (원)').fill('10,000');
      });
      const card = page.locator('.admin-coupon-card', { has: page.getByRole('heading', { name: walletName }) });
      await card.getByLabel('회원 이메일 (한 줄에 하나)').fill('new@demo.kr\nmember@demo.kr\nnobody@demo.kr\nnot-an-email');
      await card.getByRole('button', { name: '발급하기' }).click();
      await card.getByTestId('coupon-issue-lines').waitFor({ timeout: 15_000 });
      await fits(page, `coupons issue ${width}`);
      await shoot(page, card, `coupons-issue-${width}`);

      // new@demo.kr pays with the coupon: the list's figures count it.
      const member = await newPage(browser, server.url, viewport);
      await signInLocal(member.page, 'new@demo.kr');
      await member.page.goto(`/payment/${contentsid}`);
      await member.page.locator('.checkout__pay:not([disabled])').waitFor({ timeout: 15_000 });
      await member.page.getByRole('button', { name: `${walletName} 쿠폰 사용` }).click();
      await member.page.locator('.checkout-applied').waitFor();
      await fits(member.page, `checkout ${width}`);
      // The 결제 금액 box: its 쿠폰 line is the capped discount the server will take.
      const figures = member.page.locator('section', { has: member.page.getByTestId('checkout-total') }).last();
      await shoot(member.page, figures, `coupons-checkout-${width}`);
      await member.page.locator('.checkout-agree input').check();
      await member.page.locator('.checkout__pay').click();
      await member.page.locator('dialog.card-window').getByRole('button', { name: '승인' }).click();
      await member.page.waitForURL(/\/paymentResult\?paymentid=\d+/, { timeout: 15_000 });
      await member.context.close();

      await page.reload();
      await page.getByTestId('admin-coupon-campaigns').waitFor({ timeout: 15_000 });
      await fits(page, `coupons ${width}`);
      await page.screenshot({ path: join(OUT, `admin-coupons-${width}.png`), fullPage: true });
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
