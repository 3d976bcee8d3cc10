import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, newPage, signInLocal } from './support';

/**
 * 주문 in the console (issue 39): an operator finds member@demo.kr's order, refunds part of it with a reason, and the
 * member's history shows 부분환불 with the amount. At 1280 and 390 px, nothing wider than the window.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900, paymentid: 1 },
  { width: 390, height: 844, paymentid: 2 },
] as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(WIDTHS)('주문 at $width px', ({ paymentid, ...viewport }) => {
  it('an operator refunds 10,000원 of member@demo.kr’s order; the member reads 부분환불 and the amount', async () => {
    // What the member's refund dialog says now: the console shows the same rule in the same words (issue 42).
    const before = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(before.page, 'member@demo.kr');
    await before.page.goto(`/mypayment?paymentid=${paymentid}`);
    await before.page.getByTestId('refund-request').click();
    await before.page.locator('.swal2-popup .popup-dark__lines').waitFor();
    const memberReads = await before.page.locator('.swal2-popup .popup-dark__lines li').allTextContents();
    await before.context.close();

    const staff = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(staff.page, 'staff@demo.kr');
    await staff.page.goto('/admin/orders');
    await staff.page.getByLabel('회원 (이메일 또는 회원 ID)').fill('member@demo.kr');
    await staff.page.getByRole('button', { name: '찾기' }).click();
    const row = staff.page.locator(`tr[data-paymentid="${paymentid}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('me****@demo.kr');
    expect(await staff.page.locator('body').textContent()).not.toContain('member@demo.kr');
    await row.getByRole('button', { name: '열기' }).click();
    await staff.page.getByRole('heading', { name: '결제사 기록 (데모: 테스트 카드 장부)' }).waitFor();
    const form = staff.page.getByTestId('admin-refund-form');
    expect(await form.getByTestId('admin-rule-quote').locator('li').allTextContents()).toEqual(memberReads);
    await form.getByLabel('환불 금액 (원)').fill('10000');
    await form.getByRole('button', { name: '환불하기' }).click();
    expect(await form.locator('.field-error').textContent()).toBe('환불 사유를 두 글자 이상 적어주세요. 회원 안내와 감사 기록에 남습니다.');
    await form.getByLabel('사유').fill('영상 오류 보상');
    await form.getByRole('button', { name: '환불하기' }).click();
    await confirmPopup(staff.page);
    await form.getByText('10,000원 환불이 완료되었습니다.', { exact: false }).waitFor();
    await staff.page.getByTestId('admin-order-refunds').getByText('부분 환불').waitFor();
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();

    const member = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(member.page, 'member@demo.kr');
    await member.page.goto(`/mypayment?paymentid=${paymentid}`);
    await member.page.locator('.payment-detail__head .status-badge', { hasText: '부분환불' }).waitFor();
    expect(await member.page.locator('main').textContent()).toContain('10,000원');
    await member.context.close();
  });
});
