import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { confirmPopup, DEMO, newPage, popupText, productKeys, signInLocal, appUnderTest } from './support';

const app = appUnderTest();

const visitorHeader = (page: Page) => page.locator('.site-header .header-actions[data-state="visitor"]');
const memberHeader = (page: Page) => page.locator('.site-header .header-actions[data-state="member"]');

function fakeJwt(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`;
}

describe('auth routes', () => {
  it('logged out: an auth route shows the notice and goes to /login', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/myclass');
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.title()).toBe('로그인 | 필라테스재활협회 온라인클래스');
    await context.close();
  });
});

describe('sign-in returns you where you were', () => {
  const memberButton = (page: Page, email: string) => page.locator(`.member-btn[data-email="${email}"]`);

  it('a visitor opening /mypayment signs in and is back on /mypayment', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/mypayment?page=1');
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await confirmPopup(page);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/mypayment?page=1');
    await memberButton(page, DEMO.member.email).click();
    await page.waitForURL((url) => url.pathname === '/mypayment');
    await memberHeader(page).first().waitFor();
    await context.close();
  });

  it('a visitor pressing 장바구니 on a class signs in: back on the class, and the class is in the cart', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/classView/113');
    await page.getByRole('button', { name: '장바구니', exact: true }).click();
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await confirmPopup(page);
    await page.waitForURL((url) => url.pathname === '/login');
    await memberButton(page, DEMO.newMember.email).click();
    await page.waitForURL('**/classView/113');
    expect(await popupText(page)).toBe('장바구니에 담았습니다.');
    await confirmPopup(page);
    await page.goto('/mycart');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    // The press went on once: coming back to the class does not add it again or ask anything.
    await page.goto('/classView/113');
    await page.locator('.class-summary__title').waitFor();
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    await context.close();
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'an off-site redirect value (%s) lands on /main',
    async (redirect) => {
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.goto(`/login?${new URLSearchParams({ redirect })}`);
      await memberButton(page, DEMO.member.email).click();
      await page.waitForURL((url) => url.origin === new URL(app.server.url).origin && url.pathname === '/main');
      await memberHeader(page).first().waitFor();
      await context.close();
    },
  );
});

describe('local sign-in', () => {
  it('the login page says it is local mode and lists the demo members', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await expect.poll(() => page.locator('[data-testid="local-mode"]').textContent()).toContain('로컬 체험 모드');
    await expect.poll(() => page.locator('.member-btn').count()).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('signs in: header shows the member variant, name and my-class counts from the API', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    const token = (await context.cookies()).find((c) => c.name === 'pilates_accessToken')!.value;
    const res = await page.request.get(`/api/Contents/GetMyClassInfo/${DEMO.member.useruid}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
    });
    const { datas } = (await res.json()) as { datas: { cartCnt: number; classCnt: number; expireCnt: number; pointSum: number } };
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.getByTestId('side-menu-username').textContent()).toBe(DEMO.member.name);
    await expect.poll(() => page.getByTestId('count-cart').textContent()).toBe(String(datas.cartCnt));
    expect(await page.getByTestId('count-class').textContent()).toBe(String(datas.classCnt));
    expect(await page.getByTestId('count-expire').textContent()).toBe(String(datas.expireCnt));
    expect(await page.getByTestId('count-point').textContent()).toBe(
      datas.pointSum > 0 ? new Intl.NumberFormat('ko-KR').format(datas.pointSum) : '0',
    );
    expect(await page.locator('.site-header [data-testid="cart-alert"]').count()).toBe(datas.cartCnt !== 0 ? 1 : 0);
    // cookies are product-prefixed session cookies without auto-login
    const cookies = (await context.cookies()).filter((c) => c.name.startsWith('pilates_'));
    expect(cookies.map((c) => c.name).sort()).toEqual(
      ['accessToken', 'email', 'refreshToken', 'sessionToken', 'useruid', 'username'].map((n) => `pilates_${n}`).sort(),
    );
    expect(cookies.every((c) => c.expires === -1)).toBe(true);
    await context.close();
  });

  it('a Naver return (?success=true&useruid=…&email=…) signs the member in; a failed one says so', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    // The auth service's tokens for the member, as the Naver server function hands them back.
    const res = await page.request.post('/local/auth/sign-in', {
      headers: { 'X-Storefront-Client': 'web/1.0' },
      data: { email: DEMO.member.email, remember: false },
    });
    const { datas } = (await res.json()) as { datas: { accessToken: string; refreshToken: string } };
    const back = new URLSearchParams({
      success: 'true',
      useruid: DEMO.member.useruid,
      email: DEMO.member.email,
      name: DEMO.member.name,
      access_token: datas.accessToken,
      refresh_token: datas.refreshToken,
    });
    await page.goto(`/login?${back}`);
    await page.waitForURL('**/main');
    await memberHeader(page).first().waitFor();
    expect((await context.cookies()).find((c) => c.name === 'pilates_useruid')?.value).toBe(DEMO.member.useruid);
    await context.close();

    const visitor = await newPage(app.browser, app.server.url);
    const failed = `/login?success=false&email=${encodeURIComponent(DEMO.member.email)}`;
    await visitor.page.goto(failed);
    expect(await popupText(visitor.page)).toBe('동일한 이메일로 가입된 사용자가 있습니다.');
    // The address stays as the provider wrote it (the router used to rewrite it to success=%22false%22).
    expect(new URL(visitor.page.url()).pathname + new URL(visitor.page.url()).search).toBe(failed);
    await visitor.context.close();

    // A visitor sent to /login from /mypayment who signs in with Naver lands on /main (spec §4), then goes on.
    const returning = await newPage(app.browser, app.server.url);
    await returning.page.goto('/login?redirect=%2Fmypayment');
    await returning.page.locator('.member-btn').first().waitFor();
    const visited: string[] = [];
    returning.page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await returning.page.goto(`/login?${back}`);
    await returning.page.waitForURL('**/mypayment');
    await memberHeader(returning.page).first().waitFor();
    expect(visited).toContain('/main');
    await returning.context.close();
  });

  it('auto-login ticked: cookies persist with an expiry', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email, { remember: true });
    const cookies = (await context.cookies()).filter((c) => c.name.startsWith('pilates_'));
    expect(cookies.length).toBe(6);
    expect(cookies.every((c) => c.expires > Date.now() / 1000 + 86_400)).toBe(true);
    await context.close();
  });

  it('a member without a phone gets the server message and goes to /myprofile', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/login');
    await page.locator(`.member-btn[data-email="${DEMO.noPhone.email}"]`).click();
    const message = await popupText(page);
    // The popup shows the respMessage the server gives this member's phone check, word for word.
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
    const answer = await page.evaluate(
      async ({ token, useruid }) => {
        const res = await fetch(`/api/CheckUserPhone?useruid=${encodeURIComponent(useruid)}`, {
          headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
        });
        return (await res.json()) as { datas: { exists: boolean }; respMessage: string };
      },
      { token: cookies.pilates_accessToken ?? '', useruid: cookies.pilates_useruid ?? '' },
    );
    expect(answer.datas.exists).toBe(false);
    expect(answer.respMessage).toMatch(/[가-힣]/);
    expect(message).toBe(answer.respMessage);
    await confirmPopup(page);
    await page.waitForURL('**/myprofile');
    await context.close();
  });
});

describe('single session', () => {
  it('a sign-in on a second browser logs the first out on its next navigation', async () => {
    const first = await newPage(app.browser, app.server.url);
    await signInLocal(first.page, DEMO.member.email);
    const second = await newPage(app.browser, app.server.url);
    await signInLocal(second.page, DEMO.member.email);

    await first.page.locator('.site-footer a', { hasText: '공지사항' }).click();
    expect(await popupText(first.page)).toBe('다른 기기에서 로그인되었습니다.');
    expect(await first.page.locator('.swal2-confirm').textContent()).toBe('확인');
    await confirmPopup(first.page);
    await first.page.waitForURL('**/login');
    await visitorHeader(first.page).waitFor();
    expect(await productKeys(first.page)).toEqual([]);

    // the second browser keeps its session
    await second.page.locator('.site-footer a', { hasText: '공지사항' }).click();
    await second.page.waitForURL('**/notice');
    await second.page.waitForTimeout(500);
    expect(await second.page.locator('.swal2-popup').count()).toBe(0);
    expect(await memberHeader(second.page).count()).toBe(1);
    await first.context.close();
    await second.context.close();
  });
});

describe('token validity', () => {
  it.each([
    ['tampered', 'not.a-valid.token'],
    ['expired', fakeJwt({ sub: DEMO.member.useruid, exp: Math.floor(Date.now() / 1000) - 60 })],
  ])('%s access-token cookie counts as logged out', async (_, value) => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await context.addCookies([{ name: 'pilates_accessToken', value, url: app.server.url }]);
    await page.goto('/main');
    await visitorHeader(page).waitFor();
    await page.goto('/mypoint');
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});

describe('a session the server ended', () => {
  it('a member who left on another device is signed out on the next call, told once why, and sent to /login', async () => {
    // A member of its own, so leaving takes nothing from the other tests of this file.
    const email = 'left-elsewhere@demo.kr';
    await sql`insert into members (useruid, userid, email, name, phone, sns_type, created_at)
      values ('u-demo-9', 'left9', ${email}, '정탈퇴', '010-9999-0000', 'kakao', '2024-05-01 10:00:00')`.execute(app.server.db);
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, email);
    await page.goto('/classView/109');
    const addToCart = page.getByRole('button', { name: '장바구니', exact: true });
    await addToCart.waitFor();
    // The button in view and every section it brings in loaded first: a click that has to scroll would load lower
    // sections, and their member calls (refused too) could end the session before the click's own call.
    await addToCart.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');

    // Leaving elsewhere (the same token, as another device of the member would hold its own).
    const token = (await context.cookies()).find((c) => c.name === 'pilates_accessToken')?.value;
    const left = await fetch(`${app.server.url}/api/LeaveUser`, {
      method: 'POST',
      headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ useruid: 'u-demo-9' }),
    });
    expect(left.status).toBe(200);

    await addToCart.click();
    expect(await popupText(page)).toBe('로그인이 만료되었습니다. 다시 로그인해주세요.');
    await page.waitForURL('**/login');
    await visitorHeader(page).waitFor();
    expect(await productKeys(page)).toEqual([]);
    await confirmPopup(page);
    // Told once: neither the cart's own failure nor the next check says it again.
    await page.waitForTimeout(800);
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    await context.close();
  });
});

describe('logout', () => {
  it('clears every product-prefixed key and goes to /login', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email, { remember: true });
    await page.evaluate(() => {
      localStorage.setItem('pilates_extra', '1');
      sessionStorage.setItem('pilates_other', '1');
      localStorage.setItem('unrelated', 'kept');
    });
    expect((await productKeys(page)).length).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL('**/login');
    await visitorHeader(page).waitFor();
    expect(await productKeys(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('unrelated'))).toBe('kept');
    await context.close();
  });

  it('another tab of the same browser learns of the logout within a second', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    const other = await context.newPage();
    await other.goto('/myclass');
    await memberHeader(other).waitFor();
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await page.getByRole('button', { name: '로그아웃' }).click();
    await visitorHeader(other).waitFor({ timeout: 1000 });
    await other.waitForURL((url) => url.pathname === '/login', { timeout: 3000 });
    // Signing in again in that tab brings it back to the page it was on.
    expect(new URL(other.url()).searchParams.get('redirect')).toBe('/myclass');
    await context.close();
  });
});

describe('header', () => {
  it('scrolling past 70 px swaps the header; scrolling up shows the fixed header; below 70 it is off', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.locator('.shell__main').waitFor();
    await page.evaluate(() => ((document.querySelector('.shell__main') as HTMLElement).style.minHeight = '3000px'));
    const mode = () => page.getByTestId('site-header').getAttribute('data-mode');
    expect(await mode()).toBe('top');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(mode).toBe('top');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(mode).toBe('down');
    expect(await page.getByTestId('site-header-compact').getAttribute('aria-hidden')).toBe('false');
    await expect.poll(() => page.getByTestId('site-header-compact').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(mode).toBe('up');
    expect(await page.getByTestId('site-header-compact').getAttribute('aria-hidden')).toBe('true');
    await expect.poll(() => page.getByTestId('scroll-top').getAttribute('class')).toContain('show');
    await page.evaluate(() => window.scrollTo(0, 20));
    await expect.poll(mode).toBe('top');
    await context.close();
  });

  it('empty search alerts and refocuses; text goes to /search and closes the box', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.locator('.site-header').getByRole('button', { name: '검색' }).click();
    const input = page.locator('.site-header .search-box__input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('   ');
    await input.press('Enter');
    expect(await popupText(page)).toBe('검색어를 입력해주세요.');
    await confirmPopup(page);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('필라테스');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('schtext') === '필라테스');
    await expect.poll(() => page.getByTestId('search-box').first().isHidden()).toBe(true);
    // opened again: emptied
    await page.locator('.site-header').getByRole('button', { name: '검색' }).click();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.inputValue()).toBe('');
    await context.close();
  });

  it('the side menu locks page scrolling and closes on route change', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.getByTestId('side-menu').getByRole('link', { name: '공지사항' }).click();
    await page.waitForURL('**/notice');
    // Closed: the panel is either shut or gone (a layout change remounts the header without it).
    await expect.poll(() => page.locator('[data-testid="side-menu"].open').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
    await expect.poll(() => page.title()).toBe('공지사항 | 필라테스재활협회 온라인클래스');
    await context.close();
  });

  it('on a phone the side menu lists the categories; widening the window brings the header menu', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await page.goto('/main');
    expect(await page.locator('.gnb__item').count()).toBe(0);
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    const categories = page.getByTestId('side-menu').getByRole('navigation', { name: '클래스 카테고리' });
    await categories.getByRole('link', { name: '필라테스' }).click();
    await page.waitForURL(/\/classList\/\d+\/\d+$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.gnb__item.on').first().waitFor();
    expect(await page.locator('.gnb__item').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('category menu: hover class on enter, on class for the current category', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/classList/111/1');
    const first = page.locator('.gnb__item').first();
    await first.waitFor();
    expect(await first.getAttribute('class')).toContain('on');
    expect(await page.locator('.gnb__item').nth(1).getAttribute('class')).not.toContain('on');
    await page.locator('.gnb__item').nth(1).hover();
    await expect.poll(() => page.locator('.gnb__item').nth(1).getAttribute('class')).toContain('hover');
    expect(await page.locator('.gnb').getAttribute('class')).toContain('on');
    await context.close();
  });
});
