import { withAppAndBrowser, newPage, popupText, confirmPopup } from './e2e/support';

const OUT = '/tmp/shots-profile';
await withAppAndBrowser(async (server, browser) => {
  for (const width of [390, 1280]) {
    const vp = { width, height: width === 390 ? 844 : 900 };
    // profile of the no-phone member (after the phone-check notice)
    {
      const { context, page } = await newPage(browser, server.url, vp);
      await page.goto('/login');
      await page.locator('.member-btn[data-email="nophone@demo.kr"]').click();
      await popupText(page);
      await confirmPopup(page);
      await page.waitForURL('**/myprofile');
      await page.locator('.profile-form').waitFor();
      await page.getByLabel('휴대폰 번호').fill('02-1');
      await page.getByRole('button', { name: '저장하기' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/myprofile-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: '회원 탈퇴' }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('checkbox').check();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/leave-confirm-${width}.png` });
      await context.close();
    }
    // join form (a provider account without a member record, by fault injection)
    {
      const { context, page } = await newPage(browser, server.url, vp);
      await page.goto('/login');
      await page.locator('.member-btn[data-email="new@demo.kr"]').click();
      await page.waitForURL('**/main');
      await page.route('**/api/GetUserInfo/', (r) => r.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, respMessage: '회원 정보를 찾을 수 없습니다.' }) }));
      await page.goto('/join');
      await page.getByRole('form', { name: '회원가입' }).waitFor();
      await page.getByRole('button', { name: '가입하기' }).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/join-${width}.png`, fullPage: true });
      await context.close();
    }
    // rating form and the teacher's other classes on the class view
    {
      const { context, page } = await newPage(browser, server.url, vp);
      await page.goto('/login');
      await page.locator('.member-btn[data-email="member@demo.kr"]').click();
      await page.waitForURL('**/main');
      await page.goto('/classView/101');
      await page.locator('#ratings').scrollIntoViewIfNeeded();
      const form = page.getByRole('form', { name: '수강평 작성' });
      await form.waitFor();
      await form.getByRole('radio', { name: '별점 4점' }).check();
      await form.getByRole('textbox').fill('호흡과 골반 정렬이 정말 좋아졌어요.');
      await page.waitForTimeout(800);
      await form.screenshot({ path: `${OUT}/rating-form-${width}.png` });
      await page.locator('#ratings').screenshot({ path: `${OUT}/ratings-block-${width}.png` });
      await page.locator('#publisher-title').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/publisher-${width}.png` });
      await context.close();
    }
  }
});
