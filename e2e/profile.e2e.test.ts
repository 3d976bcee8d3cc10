import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, DEMO, newPage, popupText } from './support';

/** Issue 14 (part B): the profile page ends the phone-check loop; a member leaves. */
const app = appUnderTest();

const footerNotice = (page: Page) => page.locator('.site-footer a', { hasText: '공지사항' });

describe('the member without a phone', () => {
  it('is held on /myprofile until a valid phone is saved, then can open /notice', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.noPhone.email}"]`).click();
    await popupText(page);
    await confirmPopup(page);
    await page.waitForURL('**/myprofile');
    await expect.poll(() => page.locator('.profile-form__notice').textContent()).toContain('휴대폰 번호를 등록');

    // the trap: any navigation sends the member back while the phone is missing
    await footerNotice(page).click();
    await popupText(page);
    await confirmPopup(page);
    await page.waitForURL('**/myprofile');

    // a bad number is refused on screen, in Korean, and nothing is sent
    await page.getByLabel('휴대폰 번호').fill('02-123-4567');
    await page.getByRole('button', { name: '저장하기' }).click();
    expect(await page.locator('#phone-error').textContent()).toBe('휴대폰 번호를 010-1234-5678 형식으로 입력해주세요.');

    await page.getByLabel('휴대폰 번호').fill('01098765432');
    await page.getByRole('button', { name: '저장하기' }).click();
    expect(await popupText(page)).toBe('회원정보가 저장되었습니다.');
    await confirmPopup(page);
    await expect.poll(() => page.getByLabel('휴대폰 번호').inputValue()).toBe('010-9876-5432');

    await footerNotice(page).click();
    await page.waitForURL('**/notice');
    await page.waitForTimeout(600);
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/notice');
    await context.close();
  });
});

describe('leaving', () => {
  it('names what is lost, needs a tick, then logs out to /main; the member is gone from the sign-in', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.newMember.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/myprofile');
    await page.getByRole('button', { name: '회원 탈퇴' }).click();
    const dialog = page.getByRole('dialog', { name: '정말 탈퇴하시겠어요?' });
    await dialog.waitFor();
    const losses = await dialog.locator('.leave-dialog__losses').textContent();
    for (const lost of ['클래스', '포인트', '수료증']) expect(losses).toContain(lost);
    const leave = dialog.getByRole('button', { name: '탈퇴하기' });
    expect(await leave.isDisabled()).toBe(true);
    await dialog.getByLabel('위 내용을 모두 확인했으며, 탈퇴에 동의합니다.').check();
    await leave.click();

    expect(await popupText(page)).toBe('회원 탈퇴가 완료되었습니다. 그동안 이용해주셔서 감사합니다.');
    await confirmPopup(page);
    expect(new URL(page.url()).pathname).toBe('/main');
    await page.locator('.site-header .header-actions[data-state="visitor"]').waitFor();

    // "as before": the demo member is no longer offered, and signing in with the old email is refused
    await page.goto('/login');
    await expect.poll(() => page.locator('.member-btn').count()).toBeGreaterThan(0);
    expect(await page.locator(`.member-btn[data-email="${DEMO.newMember.email}"]`).count()).toBe(0);
    const answer = await page.evaluate(async (email) => {
      const res = await fetch('/local/auth/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Storefront-Client': 'web/1.0' },
        body: JSON.stringify({ email, remember: false }),
      });
      return { status: res.status, body: (await res.json()) as { respMessage: string } };
    }, DEMO.newMember.email);
    expect(answer.status).toBe(404);
    expect(answer.body.respMessage).toBe('해당 이메일의 데모 회원이 없습니다.');
    await context.close();
  });
});
