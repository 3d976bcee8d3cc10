/**
 * Screenshots of the screens issue 15 asked to look at, at 390 px and 1280 px into screenshots/: a page with a failed
 * section (the banner of /main, the record of a member's class view, answered 500), a hung call after the client's
 * time-out, sections saying their answer is late (a notice list, the certificate check, the quiz, the resume point on /myclass,
 * the header's category menu, the class view's bookmark toggle), the not-found page, the "없는 클래스" card and the lecture cards of a class list.
 * Usage: npx tsx scripts/screenshots-faults.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

interface Shot {
  name: string;
  path: string;
  /** Sign in first as the demo member. */
  member?: boolean;
  /**
   * Requests whose path starts with this fail: answered 500, or never answered — read after the client's 15 s time-out
   * ('hang') or at 6 s, when the section says the answer is late ('late').
   */
  fail?: { path: string; how: '500' | 'hang' | 'late' };
  /** Text to wait for before the shot. */
  ready: string;
  /** At phone width, the button (by its accessible name) pressed once the page is there. */
  narrowPress?: string;
  /** The viewport only at every width: a full-page shot resizes the window, and the header then starts its wait over. */
  viewportOnly?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'main-banner-failed', path: '/main', fail: { path: '/api/Banner/GetList', how: '500' }, ready: '다시 시도' },
  {
    name: 'class-view-record-failed',
    path: '/classView/101',
    member: true,
    fail: { path: '/api/Contents/GetOnlineDetail', how: '500' },
    ready: '다시 시도',
  },
  {
    name: 'notice-hung',
    path: '/notice',
    fail: { path: '/api/Main/GetNotices', how: 'hang' },
    ready: '응답이 지연되고 있습니다',
  },
  { name: 'notice-late', path: '/notice', fail: { path: '/api/Main/GetNotices', how: 'late' }, ready: '응답이 늦어지고 있습니다' },
  {
    name: 'certificate-check-late',
    path: '/certificate/KPRA-0000000000',
    fail: { path: '/api/Certificate/Verify/', how: 'late' },
    ready: '응답이 늦어지고 있습니다',
  },
  {
    name: 'quiz-late',
    path: '/myclassProgress/101',
    member: true,
    fail: { path: '/api/Evaluate/GetTest/', how: 'late' },
    ready: '응답이 늦어지고 있습니다',
  },
  {
    name: 'resume-point-late',
    path: '/myclass',
    member: true,
    fail: { path: '/api/Contents/GetLastWatchTime/', how: 'late' },
    ready: '응답이 늦어지고 있습니다',
  },
  // The header's category menu and the class view's bookmark toggle, each waiting past 5 s (issue 26).
  {
    name: 'category-menu-late',
    path: '/company',
    fail: { path: '/api/Category/GetList/category', how: 'late' },
    // A phone shows the categories in the side menu only.
    narrowPress: '전체 메뉴 열기',
    viewportOnly: true,
    ready: '응답이 늦어지고 있습니다',
  },
  {
    name: 'bookmark-late',
    path: '/classView/101',
    member: true,
    fail: { path: '/api/Contents/GetMyLectures/', how: 'late' },
    ready: '응답이 늦어지고 있습니다',
  },
  { name: 'not-found-page', path: '/no-such-page', ready: '페이지를 찾을 수 없습니다' },
  { name: 'class-not-found', path: '/classView/99999', ready: '없는 클래스입니다' },
  { name: 'class-list-cards', path: '/classList/11/1', ready: '클래스' },
];

async function shoot(page: Page, shot: Shot, width: number): Promise<void> {
  await page.unrouteAll();
  if (shot.fail) {
    const { path, how } = shot.fail;
    await page.route(
      (url) => url.pathname.startsWith(path),
      (route) =>
        how === '500' ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>error</h1>' }) : undefined,
    );
  }
  await page.clock.setSystemTime(new Date());
  await page.goto(shot.path, { waitUntil: 'domcontentloaded' });
  if (shot.narrowPress && width < 600) await page.getByRole('button', { name: shot.narrowPress }).click();
  if (shot.fail?.how === 'hang' || shot.fail?.how === 'late') {
    await page.waitForTimeout(1_500);
    await page.clock.fastForward(shot.fail.how === 'hang' ? 16_000 : 6_000);
  }
  await page.getByText(shot.ready).first().waitFor({ timeout: 20_000 });
  // A phone's shot is its viewport: the state shown is scrolled into it (a class view's bookmark row is below the fold).
  if (width < 600) await page.getByText(shot.ready).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(OUT, `fault-${shot.name}-${width}.png`), fullPage: width >= 600 && !shot.viewportOnly });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const visitor = await newPage(browser, server.url, viewport);
      const member = await newPage(browser, server.url, viewport);
      await signInLocal(member.page, DEMO.member.email);
      for (const { page } of [visitor, member]) await page.clock.install();
      for (const shot of SHOTS) await shoot((shot.member ? member : visitor).page, shot, width);
      await visitor.context.close();
      await member.context.close();
    }
  });
  console.log(`screenshots: ${SHOTS.length * 2} files in ${OUT}`);
}

await main();
