import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, newPage, popupText, signedInPage } from './support';
import { gradientPng } from '../server/tests/pictures';

/**
 * The console shapes the store front (issue 38): an operator puts a banner with an uploaded picture first on /main and
 * a visitor sees it there (first paint and app), its markup inert; the category tree is edited with the keyboard and
 * the visitor's menu follows; a non-empty category is refused with its count; both screens fit a phone.
 */
const app = appUnderTest();

const OPERATOR = 'staff@demo.kr';
const TITLE = '봄 특강 <img src=x onerror="window.__pwned=1">';
const SUBTITLE = '3월 한 달 30% 할인';
const UNSAFE_LINK = '링크는 https:// 로 시작하는 주소나 /로 시작하는 스토어 주소만 넣을 수 있습니다.';

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
/** The banners of the console's list, top to bottom. */
const bannerOrder = (page: Page) => page.locator('[data-testid="admin-banner-list"] > li').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-bannerid'))));
/** The store menu's top categories, left to right. */
const topMenu = (page: Page) => page.locator('.gnb .gnb__link').allTextContents();

describe('the console shapes the store front', () => {
  it('an operator adds a banner and moves it first with the keyboard; a visitor sees it first on /main, its markup inert', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, OPERATOR, { viewport: { width: 1280, height: 900 } });
    await page.goto('/admin');
    await page.getByRole('navigation', { name: '운영 콘솔 메뉴' }).getByRole('link', { name: '메인 배너' }).click();
    await page.getByTestId('admin-banner-list').waitFor();
    const seeded = await bannerOrder(page);
    await page.getByRole('button', { name: '새 배너' }).click();

    // Refused beside their fields before anything is sent: no picture, a link the store would drop.
    await page.getByLabel('제목').fill(TITLE);
    await page.getByLabel('부제 (선택)').fill(SUBTITLE);
    await page.getByLabel('링크 (선택)').fill('javascript:alert(document.cookie)');
    await page.getByRole('button', { name: '배너 추가' }).click();
    expect(await page.locator('#banner-linkurl-error').textContent()).toBe(UNSAFE_LINK);
    expect(await page.locator('#banner-imageurl-error').textContent()).toBe('배너 이미지를 올려주세요.');
    // A file that is no picture, whatever its name: the server tells it by its bytes and says so beside the field.
    await page.locator('#banner-imageurl').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await page.locator('#banner-imageurl-error', { hasText: '배너 이미지는 PNG, JPEG, WebP 파일만 올릴 수 있습니다.' }).waitFor();
    await page.locator('#banner-imageurl').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: gradientPng(2400, 800) });
    const preview = page.getByAltText('이미지 미리보기');
    await preview.waitFor();
    const picture = (await preview.getAttribute('src'))!;
    expect(picture).toMatch(/^\/media\/banners\/u-[0-9a-f]{24}\.png$/);
    expect(await page.locator('.admin-picture__size').first().textContent()).toMatch(/^2400×800px · \d+KB$/);
    await page.getByLabel('링크 (선택)').fill('/classList/21/2');
    await page.getByRole('button', { name: '배너 추가' }).click();
    await page.getByRole('status').filter({ hasText: '배너를 추가했습니다' }).waitFor();
    const order = await bannerOrder(page);
    const added = order.at(-1)!;
    expect(order.slice(0, -1)).toEqual(seeded);

    // First place with the keyboard alone: Enter on 앞으로 three times, the focus staying on the moved banner.
    await page.getByRole('button', { name: `「${TITLE}」 배너를 앞으로` }).focus();
    for (let place = order.length - 1; place > 0; place--) {
      await page.keyboard.press('Enter');
      await page.waitForFunction(([id, at]) => document.querySelectorAll('[data-testid="admin-banner-list"] > li')[at]?.getAttribute('data-bannerid') === String(id), [added, place - 1] as const);
    }
    expect(await bannerOrder(page)).toEqual([added, ...seeded]);
    // At the top 앞으로 is disabled: its pair holds the focus.
    expect(await focusedLabel(page)).toBe(`「${TITLE}」 배너를 뒤로`);
    await context.close();

    // A visitor: the first paint of /main already shows the new banner first, then the app's slider does.
    const html = await (await fetch(`${app.server.url}/main`)).text();
    expect(html).toContain(`<link rel="preload" as="image" href="${picture}"`);
    expect(html).not.toContain('<img src=x');
    const visitor = await newPage(app.browser, app.server.url, { width: 1280, height: 900 });
    await visitor.page.goto('/main');
    const first = visitor.page.locator('.hero__slide').first();
    await first.locator('img').waitFor();
    expect(await first.locator('img').getAttribute('src')).toBe(picture);
    expect(await first.locator('img').getAttribute('alt')).toBe(`${TITLE} - ${SUBTITLE}`);
    expect(await first.locator('a').getAttribute('href')).toBe('/classList/21/2');
    expect(await visitor.page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await first.locator('a').click();
    await visitor.page.waitForURL((url) => url.pathname === '/classList/21/2');
    await visitor.context.close();
  });

  it('the category tree: a sub-category appears in the visitor’s menu, a keyboard reorder moves the menu, a full category is refused with its count', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, OPERATOR, { viewport: { width: 1280, height: 900 } });
    await page.goto('/admin/categories');
    const tree = page.getByTestId('admin-category-tree');
    await tree.waitFor();

    await page.getByRole('button', { name: '「매트」 아래에 하위 카테고리 추가' }).click();
    const form = page.getByRole('form', { name: '「매트」 아래에 추가' });
    await form.getByRole('button', { name: '추가' }).click();
    expect(await form.locator('.field-error').textContent()).toBe('카테고리 이름을 입력해주세요.');
    await form.getByLabel('이름', { exact: true }).fill('소도구');
    await form.getByLabel('영문 이름 (선택)').fill('Props');
    await form.getByRole('button', { name: '추가' }).click();
    await page.getByRole('status').filter({ hasText: '「소도구」 카테고리를 추가했습니다.' }).waitFor();
    const props = tree.locator('.admin-cattree__title', { hasText: /^소도구$/ }).locator('xpath=ancestor::li[1]');
    const propsId = await props.getAttribute('data-categoryid');
    expect(await props.getAttribute('data-depth')).toBe('3');

    // 필라테스 one place down with the keyboard: the focus stays on its ↓.
    await page.getByRole('button', { name: '「필라테스」 카테고리를 아래로' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '순서를 바꿨습니다.' }).waitFor();
    expect(await tree.locator('[data-depth="1"] > .admin-cattree__row .admin-cattree__title').allTextContents()).toEqual(['재활', '필라테스', '지도자과정']);
    expect(await focusedLabel(page)).toBe('「필라테스」 카테고리를 아래로');

    const visitor = await newPage(app.browser, app.server.url, { width: 1280, height: 900 });
    await visitor.page.goto('/main');
    await visitor.page.locator('.gnb .gnb__link').first().waitFor();
    expect(await topMenu(visitor.page)).toEqual(['재활', '필라테스', '지도자과정']);
    expect(await visitor.page.locator(`.gnb a[href="/classList/${propsId}/1"]`).textContent()).toBe('소도구');

    // 입문 holds classes: refused, saying how many.
    await page.getByRole('button', { name: '「입문」 삭제' }).click();
    expect(await popupText(page)).toBe('「입문」 카테고리를 삭제할까요? 되돌릴 수 없습니다.');
    // The refusal follows in the popup's place as soon as the confirm closes.
    await page.locator('.swal2-confirm', { hasText: '확인' }).click();
    const refusal = '이 카테고리에 클래스 3개가 있어 삭제할 수 없습니다. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요.';
    await page.locator('.swal2-popup .swal2-html-container', { hasText: refusal }).waitFor();
    await confirmPopup(page);
    expect(await tree.locator('.admin-cattree__title', { hasText: /^입문$/ }).count()).toBe(1);
    await page.getByRole('button', { name: '「소도구」 삭제' }).click();
    await confirmPopup(page);
    await page.getByRole('status').filter({ hasText: '「소도구」 카테고리를 삭제했습니다.' }).waitFor();
    expect(await tree.locator('.admin-cattree__title', { hasText: /^소도구$/ }).count()).toBe(0);
    await page.getByRole('button', { name: '「필라테스」 카테고리를 위로' }).click();
    await page.getByRole('status').filter({ hasText: '순서를 바꿨습니다.' }).waitFor();

    await visitor.page.reload();
    await visitor.page.locator('.gnb .gnb__link').first().waitFor();
    expect(await topMenu(visitor.page)).toEqual(['필라테스', '재활', '지도자과정']);
    expect(await visitor.page.locator(`.gnb a[href="/classList/${propsId}/1"]`).count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });

  it('at 390 px both screens fit with a form open; an instructor sees neither', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, OPERATOR, { viewport: { width: 390, height: 844 } });
    await page.goto('/admin/categories');
    await page.getByTestId('admin-category-tree').waitFor();
    await page.getByRole('button', { name: '「매트」 다른 위치로 옮기기' }).click();
    // 매트 has children: only the top and the other top categories are offered.
    expect(await page.getByLabel('새 상위 카테고리').locator('option').allTextContents()).toEqual(['최상위 (메뉴 첫 단계)', '재활', '지도자과정']);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/admin/banners');
    await page.getByTestId('admin-banner-list').waitFor();
    await page.getByRole('button', { name: '새 배너' }).click();
    await page.getByLabel('제목').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();

    const teacher = await signedInPage(app.browser, app.server.url, 'teacher@demo.kr', { viewport: { width: 390, height: 844 } });
    await teacher.page.goto('/admin/banners');
    await teacher.page.getByRole('alert').filter({ hasText: '메인 배너는 운영자만 관리할 수 있습니다.' }).waitFor();
    await teacher.page.getByRole('button', { name: '메뉴' }).click();
    expect(await teacher.page.locator('#admin-menu .admin-nav__list a').allTextContents()).not.toContain('카테고리');
    await teacher.context.close();
  });
});
