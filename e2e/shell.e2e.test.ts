import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, appUnderTest, confirmPopup, newPage, popupText, signInLocal } from './support';

const app = appUnderTest();

/**
 * Every button, link, field and badge the chat button would lie over at some scroll position: scrolled through once
 * so every deferred section renders, then measured (the button is fixed, so content in its column passes under it
 * unless it starts below the page's last scroll or ends above its first).
 */
async function controlsUnderChatButton(page: Page): Promise<string[]> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => innerHeight - 100);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(120);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const chat = document.querySelector<HTMLElement>('.floating__chat');
    if (!chat || chat.getClientRects().length === 0) return [];
    const b = chat.getBoundingClientRect();
    const maxScroll = document.documentElement.scrollHeight - innerHeight;
    const selector = 'a, button, input, select, textarea, [role="tab"], [class*="badge"], .alert-mark, .status';
    return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((el) => {
      if (el.closest('.floating, .site-header, .mobile-bar, .mobile-buy-bar, [inert]')) return [];
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return [];
      const [top, bottom] = [r.top + scrollY, r.bottom + scrollY];
      const sideBySide = r.right <= b.left || r.left >= b.right;
      const passesUnder = bottom - b.top >= 0 && top - b.bottom <= maxScroll;
      return !sideBySide && passesUnder ? [`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 24)}"`] : [];
    });
  });
}

describe('shell finish', () => {
  // Issue 43: the footer's chunk comes after the first load, unasked, shortly after the page's load event.
  it('the footer with the customer-centre hours is in the document without any scroll', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.locator('#main').waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.waitFor({ state: 'attached' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await footer.count()).toBe(1);
    expect(await footer.textContent()).toContain('평일 09:00-18:00 (주말·공휴일 휴무)');
    expect(await footer.getByRole('link', { name: '카카오톡 채널' }).count()).toBe(1);
    await context.close();
  });

  it('the compact header is opaque', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/classList/111/1');
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    const compact = page.getByTestId('site-header-compact');
    await expect.poll(() => compact.getAttribute('aria-hidden')).toBe('false');
    const background = await compact.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(36, 36, 36)');
    await context.close();
  });

  it('layout B names the page once: the band is the one h1 and no heading repeats it', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    for (const path of ['/myclass', '/myclassEnd', '/myBookmark', '/mycart', '/notice', '/mypoint']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const headings = await page.locator('h1, h2, h3').allTextContents();
      const h1 = await page.locator('h1').allTextContents();
      expect(h1, path).toHaveLength(1);
      const title = h1[0]!.trim();
      // A repeat is the title itself, or the title with a count ("수강중인 클래스 3개").
      const repeats = (h: string) => h.trim().replace(/\s*\d+\s*(개|건)$/, '') === title;
      expect(headings.filter(repeats), `${path}: headings ${JSON.stringify(headings)}`).toEqual([h1[0]]);
    }
    await context.close();
  });

  it('the floating chat button lies over no button, link or badge at 320, 390, 768 and 1280 px', async () => {
    for (const width of [320, 390, 768, 1280]) {
      const { context, page } = await newPage(app.browser, app.server.url, { width, height: width < 600 ? 740 : 900 });
      for (const path of ['/main', '/classList/111/1', '/classView/113']) {
        await page.goto(path);
        await page.locator('.site-footer').waitFor();
        await page.locator('[data-testid="lecture-card"], .class-summary__title').first().waitFor();
        expect(await controlsUnderChatButton(page), `${path} at ${width}px`).toEqual([]);
      }
      // The chat channel stays one tap away: the floating button on a wide screen, 문의 in the phone's bar.
      const chat =
        width <= 1024
          ? page.getByTestId('mobile-bar').getByRole('link', { name: '문의' })
          : page.getByRole('link', { name: '카카오톡 채널 상담' });
      expect(await chat.isVisible(), `${width}px`).toBe(true);
      expect(await chat.getAttribute('href')).toMatch(/^https:\/\/pf\.kakao\.com\//);
      await context.close();
    }
  });

  it('after the empty-search alert, focus is back in the search box, by mouse as by Enter', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    const input = page.getByRole('searchbox', { name: '검색어' });
    const inputHasFocus = () => input.evaluate((el) => el === document.activeElement);

    await page.locator('.site-header .icon-btn[aria-label="검색"]').click();
    await page.getByRole('search').getByRole('button', { name: '검색', exact: true }).click();
    expect(await popupText(page)).toBe('검색어를 입력해주세요.');
    await confirmPopup(page);
    await expect.poll(inputHasFocus).toBe(true);

    await page.keyboard.press('Enter');
    expect(await popupText(page)).toBe('검색어를 입력해주세요.');
    await page.keyboard.press('Enter');
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expect.poll(inputHasFocus).toBe(true);
    await context.close();
  });
});
