import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, DEMO, newPage, signInLocal } from './support';

/**
 * 쿠폰 in the console (issue 39): an operator creates a wallet campaign (50 %, at most 4,000원) and issues it to
 * new@demo.kr, seeing each pasted line's outcome; signed in as new@demo.kr, 내 쿠폰 lists it and checkout applies it,
 * the total less the capped discount. At 1280 and 390 px, nothing wider than the window.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900, contentsid: 104 },
  { width: 390, height: 844, contentsid: 106 },
] as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const won = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe.each(WIDTHS)('쿠폰 at $width px', ({ contentsid, ...viewport }) => {
  it('an operator issues a campaign to new@demo.kr; their wallet shows it and checkout applies it', async () => {
    const name = `가을 감사 쿠폰 ${viewport.width}`;
    const staff = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(staff.page, 'staff@demo.kr');
    await staff.page.goto('/admin/coupons');
    const form = staff.page.getByRole('form', { name: '새 쿠폰 캠페인' });
    await form.getByLabel('쿠폰 이름').fill(name);
    await form.getByLabel('정률 (%)').check();
    await form.getByLabel('할인율 (%)').fill('50');
    await form.getByRole('button', { name: '캠페인 만들기' }).click();
    // The cap is asked for beside its field before anything is sent.
    expect(await form.locator('#coupon-maxdiscount-error').textContent()).toBe('정률 할인에는 최대 할인 금액(1원 이상)을 적어주세요.');
    await form.getByLabel('최대 할인 금액 (원)').fill('4,000');
    await form.getByRole('button', { name: '캠페인 만들기' }).click();
    await confirmPopup(staff.page);
    await form.getByText(`'${name}' 캠페인을 만들었습니다.`, { exact: false }).waitFor();

    const card = staff.page.locator('.admin-coupon-card', { has: staff.page.getByRole('heading', { name }) });
    expect(await card.locator('.admin-coupon-card__terms').textContent()).toContain('50% 할인 (최대 4,000원)');
    await card.getByLabel('회원 이메일 (한 줄에 하나)').fill(`${DEMO.newMember.email}\nnobody@demo.kr`);
    await card.getByRole('button', { name: '발급하기' }).click();
    const lines = card.getByTestId('coupon-issue-lines');
    await lines.waitFor();
    expect(await lines.locator('li').allTextContents()).toEqual([
      `${DEMO.newMember.email}발급했습니다.`,
      'nobody@demo.kr가입한 회원이 없는 이메일입니다.',
    ]);
    await expect.poll(() => card.locator('.admin-coupon-figures dd').first().textContent()).toBe('1');
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();

    const member = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(member.page, DEMO.newMember.email);
    await member.page.goto('/mycoupon');
    await member.page.getByRole('list', { name: '내 쿠폰' }).getByText(name).waitFor();
    expect(await overflow(member.page)).toBeLessThanOrEqual(0);
    await member.page.goto(`/payment/${contentsid}`);
    await member.page.locator('.checkout__pay:not([disabled])').waitFor();
    const before = won(await member.page.getByTestId('checkout-total').textContent());
    expect(before).toBeGreaterThan(8000);
    await member.page.getByRole('button', { name: `${name} 쿠폰 사용` }).click();
    await member.page.locator('.checkout-applied').waitFor();
    // Half the price would be more than 4,000원: the cap is what comes off.
    await expect.poll(async () => won(await member.page.getByTestId('checkout-total').textContent())).toBe(before - 4000);
    expect(await overflow(member.page)).toBeLessThanOrEqual(0);
    await member.context.close();
  });
});
