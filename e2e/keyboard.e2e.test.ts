import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, appUnderTest, newPage, signInLocal } from './support';

const app = appUnderTest();

/** What a sighted keyboard user sees on the focused element: an outline or a ring (box-shadow), or nothing. */
async function focusRing(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
    return { element: `${el.tagName.toLowerCase()}.${el.className} "${name}"`, visible: outline || ring };
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring, `no visible focus indicator on ${ring.element}`).toMatchObject({ visible: true });
}

type Target = { selector: string; text?: string };

function isFocused(page: Page, target: Target): Promise<boolean> {
  return page.evaluate(({ selector, text }) => {
    const el = document.activeElement;
    return !!el && el.matches(selector) && (text === undefined || el.textContent?.trim() === text);
  }, target);
}

/** Presses Tab until the target has focus, asserting a visible focus indicator at every stop on the way. */
async function tabTo(page: Page, target: Target, maxStops = 150): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if (await isFocused(page, target)) return;
  }
  throw new Error(`Tab never reached ${target.selector} ${target.text ?? ''}`);
}

/** Tab cycles inside the open dialog: focus never reaches the page behind it. */
async function expectFocusTrapped(page: Page, dialog: string, presses = 8): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate((d) => !!document.activeElement?.closest(d), dialog), `Tab ${i + 1} left ${dialog}`).toBe(true);
    await expectVisibleFocus(page);
  }
}

describe('keyboard-only purchase of the demo member', () => {
  it('class view → 장바구니 (alert) → 바로 구매 → agree → card window (취소, then 승인) → receipt, Tab/Enter/Space only', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await page.goto('/classView/113'); // a class the demo member does not own
    await page.getByRole('button', { name: '바로 구매' }).waitFor();

    // 장바구니 with Enter: the alert takes focus, keeps it, and gives it back to the button on 확인 (Space).
    const cartButton = { selector: '.class-actions .btn', text: '장바구니' };
    await tabTo(page, cartButton);
    await page.keyboard.press('Enter');
    await page.locator('.swal2-popup').waitFor();
    await expect.poll(() => page.locator('.swal2-html-container').textContent()).toBe('장바구니에 담았습니다.');
    expect(await isFocused(page, { selector: '.swal2-confirm' })).toBe(true);
    await expectVisibleFocus(page);
    await expectFocusTrapped(page, '.swal2-popup', 3);
    await page.keyboard.press('Space');
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page, { selector: '.class-actions .btn', text: '장바구니에 담김' })).toBe(true);
    await expectVisibleFocus(page);

    // 바로 구매 with Enter opens the payment page of this one class.
    await tabTo(page, { selector: '.class-actions .btn', text: '바로 구매' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/payment/113');
    await page.locator('.checkout__pay').waitFor();
    expect(await page.locator('.checkout-lectures__name').allTextContents()).toEqual(['허리디스크 운동 가이드']);

    // Points (optional) with Space, then the agreement with Space, then 결제하기 with Enter.
    await tabTo(page, { selector: 'button', text: '전액 사용' });
    const before = await page.getByTestId('checkout-total').textContent();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).not.toBe(before);
    await tabTo(page, { selector: '.checkout-agree input' });
    await page.keyboard.press('Space');
    expect(await page.locator('.checkout-agree input').isChecked()).toBe(true);
    await tabTo(page, { selector: '.checkout__pay' });
    await page.keyboard.press('Enter');

    // The card window is modal: focus inside, trapped; Esc cancels and focus returns to the pay button.
    const cardWindow = page.locator('dialog.card-window');
    await cardWindow.getByText('테스트 결제창').waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.card-window'))).toBe(true);
    await expectFocusTrapped(page, 'dialog.card-window');
    await page.keyboard.press('Escape');
    await cardWindow.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(page, { selector: '.checkout__pay' })).toBe(true);
    await expectVisibleFocus(page);

    // Pay again: Tab to 승인 inside the window and press Enter → the receipt.
    await expect.poll(() => page.locator('.checkout__pay').getAttribute('aria-disabled')).toBe('false');
    await page.keyboard.press('Enter');
    await cardWindow.getByText('테스트 결제창').waitFor();
    const amount = await cardWindow.locator('.card-window__amount').textContent();
    await tabTo(page, { selector: 'dialog.card-window button', text: '승인' }, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe(amount);
    expect(await page.locator('h1').textContent()).toBe('결제가 완료되었습니다');
    // The receipt's links are reachable and show focus too.
    await tabTo(page, { selector: 'a', text: '내 강의실로' }, 30);
    await context.close();
  });
});
