import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { appUnderTest, DEMO, newPage, signedInPage, signInLocal } from './support';

// Issue 26 (learning): continue learning on /main, the preview before buying, the locked lecture, the ended class.
const app = appUnderTest();
/** The ended class's end date as the page writes it: the seed dates it relative to today (issue 42, finding 9). */
const endOf105 = async () =>
  (await sql<{ t: string }>`select end_at as t from enrollments where useruid = ${DEMO.member.useruid} and contentsid = 105`.execute(app.server.db))
    .rows[0]!.t.slice(0, 10)
    .replace(/-/g, '.');

const videoTime = (page: Page) => page.locator('video').first().evaluate((v: HTMLVideoElement) => v.currentTime);

describe('learning: continue, preview, locked, ended', () => {
  it('/main offers the last lecture, and 이어보기 opens the player at its second', async () => {
    // The member's most recent watching: lecture 10112 of class 101 at 95 s.
    await sql`update progress set last_position = 95, updated_at = '2099-01-01 00:00:00'
      where useruid = 'u-demo-1' and videoid = 10112`.execute(app.server.db);
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    const block = page.locator('.continue-learning');
    await block.waitFor();
    expect(await block.textContent()).toContain('1:35 /');
    const go = block.getByRole('link', { name: /^이어보기/ });
    expect(await go.getAttribute('href')).toBe('/player/101?videoid=10112&t=95');
    await go.click();
    await page.waitForURL('**/player/101?videoid=10112**');
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(94);
    await context.close();
  });

  it('a visitor presses 미리보기 and the free lecture plays on the class view', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/classView/101');
    await page.getByRole('link', { name: '커리큘럼' }).click();
    await page.getByRole('button', { name: /미리보기 재생$/ }).first().click();
    const window = page.getByRole('dialog');
    await window.waitFor();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await window.getByRole('button', { name: '닫기' }).click();
    await window.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('in the player, a locked lecture says 구매 후 수강 가능 and offers 바로 구매 to a non-owner', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.newMember.email);
    await page.goto('/player/101');
    // The free preview plays; the next lecture is locked.
    await page.locator('.player-curriculum__item[data-videoid="10111"][aria-current="true"]').waitFor();
    await page.locator('.player-curriculum__item[data-videoid="10112"][data-locked]').click();
    const stage = page.locator('.player-locked');
    await stage.getByText('구매 후 수강 가능').waitFor();
    await stage.getByRole('link', { name: '바로 구매' }).click();
    await page.waitForURL('**/payment/101');
    await context.close();
  });

  it('an ended class says 수강 기간이 종료되었습니다 with its end date and offers 바로 구매, not 바로 수강하기', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/classView/105');
    const note = page.locator('.class-ended');
    await note.waitFor();
    expect(await note.textContent()).toBe(`수강 기간이 종료되었습니다 (종료일 ${await endOf105()})`);
    expect(await page.getByRole('link', { name: '바로 수강하기' }).count()).toBe(0);
    await page.locator('.class-summary').getByRole('button', { name: '바로 구매' }).click();
    await page.waitForURL('**/payment/105');
    await context.close();
  });

  it('from the classroom, an ended class progress page says so with its end date and 다시 구매하기 leads to its payment', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    // The classroom's 종료 tab, where ended classes gather.
    await page.goto('/myclassEnd');
    await page.locator('[data-testid="class-card"][data-contentsid="105"]').getByRole('link', { name: '학습 현황' }).click();
    await page.waitForURL('**/myclassProgress/105');
    const note = page.locator('.class-progress__ended');
    await note.waitFor();
    expect(await note.textContent()).toBe(`수강 기간이 종료되었습니다 (종료일 ${await endOf105()})`);
    const head = page.locator('.class-progress__head');
    expect(await head.getByRole('link', { name: /이어보기|학습 시작/ }).count()).toBe(0);
    expect(await page.getByText('재생할 수 없습니다').count()).toBe(0);
    // Class 105 has no quiz: said as a fact, not as a failure with 다시 시도.
    const quiz = page.locator('section.quiz');
    await quiz.getByText('이 강의에는 퀴즈가 없습니다.').waitFor();
    expect(await quiz.locator('[role="alert"]').count()).toBe(0);
    expect(await quiz.getByText('퀴즈를 불러오지 못했습니다.').count()).toBe(0);
    await head.getByRole('link', { name: '다시 구매하기' }).click();
    await page.waitForURL('**/payment/105');
    // Not owned any more: the order form, not "이미 구매한 클래스가 있습니다".
    await page.getByRole('button', { name: '결제하기' }).waitFor();
    expect(await page.locator('.checkout-lectures__name').textContent()).toBeTruthy();
    await context.close();
  });
});
