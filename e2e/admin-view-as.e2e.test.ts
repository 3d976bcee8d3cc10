import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, newPage, signInLocal } from './support';

/**
 * 회원 화면으로 보기 (issue 38): an operator opens class 101 as member@demo.kr from the console, sees the class view, the
 * player and the classroom as the member does (bought, two of four videos done, their Q&A, their quiz), every
 * write control disabled, no watch time or playing place written while the video plays, a forced write refused by the
 * server; 나가기 brings the console back, and the audit trail lists the opening with its reason.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const READ_ONLY = '회원 화면으로 보는 중에는 읽기만 할 수 있습니다.';
/** The member's writes a member view must never send. */
const MEMBER_WRITES = /\/api\/(Video\/UpdateWatchTime|ContLog\/UpdateContProgress|Contents\/CheckTabId|Contents\/ResetProgressTabId|Payment\/FirstPlay|Payment\/UpdateDownload|Note\/(Save|Update|Delete)|QnA\/Save|Rating\/(Save|Delete)|Cart\/|Evaluate\/Scoring)/;

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;

/** The page's top strip: the banner, fixed, with the page below it (nothing of the store hidden under it). */
async function bannerOnTop(page: Page) {
  const banner = page.getByTestId('view-as-banner');
  await banner.waitFor();
  expect(await banner.textContent()).toContain('회원 화면으로 보는 중: me****@demo.kr · 읽기 전용');
  const box = (await banner.boundingBox())!;
  expect(box.y).toBe(0);
  const offset = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingTop));
  expect(offset).toBeCloseTo(box.height, 0);
  expect(await overflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe.each(WIDTHS)('회원 화면으로 보기 at $width px', (viewport) => {
  it('an operator opens class 101 as member@demo.kr: their progress, every write disabled, a forced write refused, 나가기, the audit', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, viewport);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (MEMBER_WRITES.test(new URL(r.url()).pathname)) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await signInLocal(page, 'staff@demo.kr');

    // From the class's console page: the class comes chosen; the form says what is missing beside each field.
    await page.goto('/admin/classes/101');
    await page.getByRole('link', { name: '회원 화면으로 보기' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/view-as' && url.searchParams.get('class') === '101');
    await expect.poll(() => page.locator('#view-as-contentsid').inputValue()).toBe('101');
    await page.getByRole('button', { name: '회원 화면 열기' }).click();
    expect(await page.locator('#view-as-email-error').textContent()).toBe('회원 이메일을 입력해주세요.');
    expect(await page.locator('#view-as-reason-error').textContent()).toBe('여는 사유를 두 글자 이상 적어주세요. 감사 기록에 남습니다.');
    await page.getByLabel('회원 이메일').fill('nobody@demo.kr');
    await page.getByLabel('사유').fill('진도율이 오르지 않는다는 문의 확인');
    await page.getByRole('button', { name: '회원 화면 열기' }).click();
    // The server's answer: waited for, not read at the press (a clean-clone run read it before it came).
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '해당 이메일로 가입한 회원이 없습니다.' }).count()).toBe(1);
    await page.getByLabel('회원 이메일').fill('member@demo.kr');
    await page.getByRole('button', { name: '회원 화면 열기' }).click();

    // The class view as the member: bought (바로 수강하기, no 장바구니), the banner on every page.
    await page.waitForURL('**/classView/101');
    await bannerOnTop(page);
    const summary = page.locator('.class-summary');
    await summary.getByRole('link', { name: '바로 수강하기' }).waitFor();
    expect(await summary.getByRole('button', { name: '장바구니' }).count()).toBe(0);

    // The player: the member's completed videos, the notes and Q&A forms disabled, the member's question and not the
    // other member's secret one.
    await summary.getByRole('link', { name: '바로 수강하기' }).click();
    await page.waitForURL((url) => url.pathname === '/player/101');
    await bannerOnTop(page);
    const done = page.locator('.player-curriculum__item[data-complete]');
    await done.first().waitFor();
    expect(await done.evaluateAll((els) => els.map((e) => e.getAttribute('data-videoid')))).toEqual(['10111', '10112']);
    await page.getByRole('tab', { name: '메모' }).click();
    await page.getByRole('button', { name: '메모 저장' }).waitFor();
    expect(await page.getByRole('button', { name: '메모 저장' }).isDisabled()).toBe(true);
    expect(await page.locator('.player-notes__form textarea').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Q&A' }).click();
    await page.getByRole('button', { name: '질문 등록' }).waitFor();
    expect(await page.getByRole('button', { name: '질문 등록' }).isDisabled()).toBe(true);
    await page.locator('.qna-list').getByText('호흡이 어려워요').waitFor();
    expect(await page.locator('.qna-list').getByText('개인적인 질문입니다.').count()).toBe(0);

    // The video plays for a beat and more: nothing is written for the member.
    if (!isPhone(page)) {
      await page.locator('.player-stage video').waitFor();
      await page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('.player-stage video')!;
        v.muted = true;
        return v.play();
      });
      await page.waitForTimeout(6_500);
      expect(await page.evaluate(() => document.querySelector<HTMLVideoElement>('.player-stage video')!.currentTime)).toBeGreaterThan(1);
    }

    expect(writes).toEqual([]);

    // A write forced past the disabled controls, with the grant: the server refuses it.
    const forced = await page.evaluate(async () => {
      const grant = JSON.parse(sessionStorage.getItem('pilates_viewAs')!).grant as string;
      const token = decodeURIComponent(document.cookie.match(/pilates_accessToken=([^;]+)/)![1]!);
      const res = await fetch('/api/Note/Save/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${token}`, 'X-View-As': grant },
        body: JSON.stringify({ useruid: 'u-demo-1', noteid: crypto.randomUUID(), contentsid: 101, videoid: 10111, second: 3, text: '억지로 쓴 메모' }),
      });
      return { status: res.status, message: ((await res.json()) as { respMessage: string }).respMessage };
    });
    expect(forced).toEqual({ status: 403, message: READ_ONLY });

    // The classroom of the class: two of four videos done, the quiz, the handouts without links.
    await page.getByRole('link', { name: '강의실로' }).click();
    await page.waitForURL((url) => url.pathname === '/myclassProgress/101');
    await bannerOnTop(page);
    await expect.poll(() => page.getByTestId('completed-count').textContent()).toBe('완료한 영상 2 / 4');
    // The quiz as the member may take it (opened at 50 %), its 시작 disabled.
    await page.locator('.quiz').getByRole('button', { name: '시작' }).waitFor();
    expect(await page.locator('.quiz').getByRole('button', { name: '시작' }).isDisabled()).toBe(true);
    await page.locator('.materials').waitFor();
    expect(await page.getByTestId('material-link').count()).toBe(0);
    expect(await page.locator('.lecture-qna').getByRole('button', { name: '질문 등록' }).isDisabled()).toBe(true);
    // Of the member's writes, only the forced one was ever sent.
    expect(writes).toEqual(['POST /api/Note/Save/']);

    // 나가기: back to the console, the tab an ordinary one again.
    await page.getByTestId('view-as-banner').getByRole('button', { name: '나가기' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/view-as');
    expect(await page.getByTestId('view-as-banner').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('pilates_viewAs'))).toBeNull();

    // The audit trail: who opened whose class, and why.
    await page.goto('/admin/audit');
    const entry = page.locator('tr[data-operation="openAdminViewAs"]').first();
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain('정운영');
    expect(text).toContain('회원 화면으로 보기');
    expect(text).toContain('회원 #u-demo-1');
    expect(text).toContain('사유: 진도율이 오르지 않는다는 문의 확인');
    await context.close();
  });
});

describe('who may', () => {
  it('an instructor is told plainly and has no way in', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, 'teacher@demo.kr');
    await page.goto('/admin/view-as');
    await page.getByRole('heading', { name: '회원 화면으로 보기는 대표 운영자와 운영자만 할 수 있습니다.' }).waitFor();
    expect(await page.getByRole('navigation', { name: '운영 콘솔 메뉴' }).getByRole('link', { name: '회원 화면 보기' }).count()).toBe(0);
    await context.close();
  });
});
