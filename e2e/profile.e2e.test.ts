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

describe('renaming', () => {
  it('the side menu greets the new name at once, and still after the next page', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/myprofile');
    await page.getByLabel('이름').fill('김바뀜');
    await page.getByRole('button', { name: '저장하기' }).click();
    expect(await popupText(page)).toBe('회원정보가 저장되었습니다.');
    await confirmPopup(page);
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.getByTestId('side-menu-username').textContent()).toBe('김바뀜');
    // A new page load restores the member from the cookies (as the next navigation's session check does): they
    // carry the new name too.
    await page.goto('/notice');
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.getByTestId('side-menu-username').textContent()).toBe('김바뀜');
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

describe('ratings on the class view', () => {
  const summaryCount = async (page: Page) =>
    Number((await page.locator('.star-summary__score .muted').textContent())?.match(/\d+/)?.[0]);

  it('an owner writes a rating with the keyboard, edits it and deletes it; summary and list follow', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/classView/101');
    await page.locator('#ratings').scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: '수강평 작성' });
    await form.waitFor();
    await expect.poll(() => summaryCount(page)).toBeGreaterThan(0);
    const before = await summaryCount(page);

    // nothing chosen: said on screen
    await form.getByRole('button', { name: '수강평 등록' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('별점을 선택해주세요.');

    // keyboard: focus the first star, arrow right three times = 4 stars
    await form.getByRole('radio', { name: '별점 1점' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '별점 4점' }).isChecked()).toBe(true);
    await form.getByRole('textbox').fill('호흡과 골반 정렬이 정말 좋아졌어요.');
    await form.getByRole('button', { name: '수강평 등록' }).click();
    expect(await popupText(page)).toBe('수강평이 저장되었습니다.');
    await confirmPopup(page);
    const mine = page.getByLabel('내 수강평', { exact: true });
    await expect.poll(() => mine.locator('.my-rating__text').textContent()).toBe('호흡과 골반 정렬이 정말 좋아졌어요.');
    await expect.poll(() => summaryCount(page)).toBe(before + 1);
    await expect.poll(() => page.locator('.rating-list li', { hasText: '호흡과 골반 정렬이 정말 좋아졌어요.' }).count()).toBe(1);

    // edit
    await mine.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('form', { name: '수강평 수정' });
    await edit.getByRole('radio', { name: '별점 2점' }).check();
    await edit.getByRole('textbox').fill('후반부는 조금 어려웠어요.');
    await edit.getByRole('button', { name: '수정 완료' }).click();
    expect(await popupText(page)).toBe('수강평이 저장되었습니다.');
    await confirmPopup(page);
    await expect.poll(() => mine.locator('.my-rating__text').textContent()).toBe('후반부는 조금 어려웠어요.');
    expect(await mine.getByRole('img', { name: '내 별점 2점' }).count()).toBe(1);
    await expect.poll(() => page.locator('.rating-list li', { hasText: '후반부는 조금 어려웠어요.' }).count()).toBe(1);
    expect(await summaryCount(page)).toBe(before + 1);

    // delete: 취소 keeps it, 확인 removes it
    await mine.getByRole('button', { name: '삭제' }).click();
    expect(await popupText(page)).toBe('작성한 수강평을 삭제하시겠습니까?');
    await page.locator('.swal2-cancel', { hasText: '취소' }).click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    expect(await mine.count()).toBe(1);
    await mine.getByRole('button', { name: '삭제' }).click();
    await popupText(page);
    // the confirm closes and the result opens in the same popup container
    await page.locator('.swal2-confirm', { hasText: '확인' }).click();
    await expect.poll(() => popupText(page)).toBe('수강평이 삭제되었습니다.');
    await confirmPopup(page);
    await page.getByRole('form', { name: '수강평 작성' }).waitFor();
    await expect.poll(() => summaryCount(page)).toBe(before);
    expect(await page.locator('.rating-list li', { hasText: '후반부는 조금 어려웠어요.' }).count()).toBe(0);
    await context.close();
  });

  it('a visitor and a member who does not own the class are told why they cannot rate', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/classView/101');
    await page.locator('#ratings').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.rating-note').textContent()).toContain('로그인 후, 클래스를 수강한 회원만');
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/classView/104');
    await page.locator('#ratings').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('.rating-note').textContent())
      .toBe('이 클래스를 구매한 회원만 수강평을 작성할 수 있습니다.');
    expect(await page.getByRole('form', { name: '수강평 작성' }).count()).toBe(0);
    await context.close();
  });
});

describe('an image attachment', () => {
  // A 2×1 PNG: small enough to inline here, real enough for the browser to decode.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGN4V6ynoqICAAlqAfwrmODQAAAAAElFTkSuQmCC',
    'base64',
  );

  it('is shown inline in the suggestion through the URL GetFileUrl returns, and still downloadable', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/q&a?tab=suggest');
    await page.getByRole('button', { name: '문의하기' }).click();
    const form = page.getByRole('form', { name: '문의 작성' });
    await form.locator('select[name="suggesttype"]').selectOption({ index: 1 });
    await form.locator('input[name="title"]').fill('자세 사진을 봐주세요');
    await form.locator('textarea[name="content"]').fill('골반 정렬이 맞는지 궁금합니다.');
    await form.locator('input[type="file"]').setInputFiles({ name: '자세.png', mimeType: 'image/png', buffer: PNG });
    const urlCall = page.waitForResponse((r) => r.url().includes('/api/file/url?filename='));
    await form.getByRole('button', { name: '문의 등록' }).click();
    await popupText(page);
    await confirmPopup(page);

    const answer = (await (await urlCall).json()) as { datas: { url: string } };
    const img = page.getByRole('img', { name: '자세.png' });
    await img.waitFor();
    expect(await img.getAttribute('src')).toBe(answer.datas.url);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await page.locator('.attachments a', { hasText: '자세.png' }).count()).toBe(1);
    await context.close();
  });
});

describe('/join', () => {
  it('a visitor is offered the provider sign-in; a member is told they already joined', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/join');
    await expect.poll(() => page.locator('.login__intro').textContent()).toContain('가입하세요');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    await page.goto('/join');
    await expect.poll(() => page.locator('.login__done').textContent()).toContain('이미 가입된 회원입니다');
    await context.close();
  });

  it('a provider account without a member record signs up: required agreements, then the server’s duplicate answer', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.member.email}"]`).click();
    await page.waitForURL('**/main');
    // (u-demo-2 left in the test above.) Fault injection: the member-record read says "none", as for a fresh
    // provider account; createuser still goes to the real server, which finds the email taken.
    await page.route('**/api/GetUserInfo/', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, respMessage: '회원 정보를 찾을 수 없습니다.' }),
      }),
    );
    await page.goto('/join');
    const form = page.getByRole('form', { name: '회원가입' });
    await form.waitFor();
    await form.getByLabel('휴대폰 번호').fill('010-5555-6666');
    await form.getByRole('button', { name: '가입하기' }).click();
    expect(await form.locator('#agreeterms-error').textContent()).toBe('이용약관에 동의해주세요.');
    expect(await form.locator('#agreeprivacy-error').textContent()).toBe('개인정보 처리방침에 동의해주세요.');
    expect(await form.getByRole('link', { name: '전문 보기' }).first().getAttribute('href')).toBe('/termsOfUse');

    await form.getByLabel('[필수] 이용약관 동의').check();
    await form.getByLabel('[필수] 개인정보 처리방침 동의').check();
    const sent = page.waitForRequest('**/api/createuser');
    await form.getByRole('button', { name: '가입하기' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      email: DEMO.member.email,
      phone: '010-5555-6666',
      agreeterms: true,
      agreeprivacy: true,
      agreemarketing: false,
    });
    expect(await popupText(page)).toBe('동일한 이메일로 가입된 사용자가 있습니다.');
    await confirmPopup(page);
    expect(new URL(page.url()).pathname).toBe('/join');
    await context.close();
  });
});
