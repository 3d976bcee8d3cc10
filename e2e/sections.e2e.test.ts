import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, newPage } from './support';

/**
 * Issue 15: every screen degrades by section. One failed or hung call shows its own Korean message (with
 * "다시 시도" when another attempt can help) while the header, the footer and the other sections stay; unknown
 * addresses and records get Korean not-found screens inside the shell.
 */
const app = appUnderTest();

const LOAD_FAILED = '정보를 불러오지 못했습니다.';
const SLOW = '불러오는 중입니다…';
const TIMED_OUT = '응답이 지연되고 있습니다. 잠시 후 다시 시도해주세요.';

async function open(path: string, prepare?: (page: Page) => Promise<unknown>) {
  const { context, page } = await newPage(app.browser, app.server.url);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await prepare?.(page);
  await page.goto(path);
  return { context, page, pageErrors };
}

describe('sections fail alone', () => {
  it('a failed banner leaves the rest of /main in place, and 다시 시도 brings the banner back', async () => {
    let failing = true;
    const { context, page, pageErrors } = await open('/main', (p) =>
      p.route('**/api/Banner/GetList**', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, respMessage: '배너 서버 오류' }),
            })
          : route.fallback(),
      ),
    );
    const alert = page.getByRole('alert').filter({ hasText: LOAD_FAILED });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('배너 서버 오류');
    // The strip under the banner, the header and its menu are all still there.
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(await page.getByRole('heading', { name: '새로 열린 클래스' }).count()).toBe(1);
    expect(await page.locator('.site-header').count()).toBeGreaterThan(0);

    failing = false;
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await page.locator('.hero img').first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: LOAD_FAILED }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a hung call says it is still loading after 3 s, then is cut off at 15 s with the delay message', async () => {
    const { context, page, pageErrors } = await open('/main', async (p) => {
      await p.clock.install();
      // Never answered: only the client's own time-out can end it.
      await p.route('**/api/Contents/GetRecentOnlineLectures/**', () => undefined);
    });
    const strip = page.locator('section.section', { has: page.getByRole('heading', { name: '새로 열린 클래스' }) });
    // The clock still runs at its own pace until fast-forwarded, so on a loaded machine the slow text may already
    // be there: its absence before 3 s is held by the unit test (Section.test.tsx).
    await strip.locator('.section-slow').waitFor({ state: 'attached' });

    await page.clock.fastForward(3_000);
    await strip.getByRole('status').filter({ hasText: SLOW }).waitFor();
    // The banner is in, and navigation still works while the strip waits (checked after the time-out below).
    await page.locator('.hero img').first().waitFor();

    await page.clock.fastForward(12_500);
    const alert = strip.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(TIMED_OUT);
    expect(await alert.getByRole('button', { name: '다시 시도' }).count()).toBe(1);

    await page.locator('.site-header a[href="/classList/1/1"]').first().click();
    await page.waitForURL('**/classList/1/1');
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('not found', () => {
  it('an unknown address shows a Korean not-found page inside the shell, with a way home', async () => {
    const { context, page } = await open('/no-such-page');
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다.' }).waitFor();
    expect(await page.locator('.site-header').count()).toBeGreaterThan(0);
    await page.locator('[data-testid="site-footer"]').waitFor();
    expect(await page.getByText('Not Found').count()).toBe(0);
    await page.getByRole('link', { name: '홈으로' }).click();
    await page.waitForURL('**/main');
    await context.close();
  });

  it('an unknown notice and an unknown class show a card with a link back and no retry', async () => {
    const { context, page } = await open('/noticeView/9999');
    await page.getByRole('heading', { name: '없는 게시물입니다.' }).waitFor();
    expect(await page.getByRole('link', { name: '목록으로' }).getAttribute('href')).toBe('/notice');
    expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);

    await page.goto('/classView/99999');
    await page.getByRole('heading', { name: '없는 클래스입니다.' }).waitFor();
    expect(await page.getByRole('link', { name: '홈으로' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
    expect(await page.locator('.site-header').count()).toBeGreaterThan(0);
    await context.close();
  });
});
