/**
 * Screenshots of 회원 화면으로 보기 (issue 38) at 390 px and 1280 px into screenshots/: the console's form (its
 * messages beside the fields), then class 101 as member@demo.kr sees it under the banner: the class view, the player's
 * notes tab with its write controls disabled, and the classroom (progress, quiz, handouts without links).
 * Usage: npx tsx scripts/screenshots-admin-view-as.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

/** The console's form for class 101, filled; `submit` opens the member view (the tab lands on the class view). */
export async function openMemberView(page: Page, { submit = true } = {}) {
  await page.goto('/admin/view-as?class=101');
  await page.locator('#view-as-contentsid option[value="101"]').waitFor({ state: 'attached' });
  await page.getByLabel('회원 이메일').fill('member@demo.kr');
  await page.getByLabel('사유').fill('진도율이 오르지 않는다는 문의 확인');
  if (!submit) return;
  await page.getByRole('button', { name: '회원 화면 열기' }).click();
  await page.waitForURL('**/classView/101');
  await page.getByTestId('view-as-banner').waitFor();
  await page.locator('.class-summary').waitFor();
}

/** The member view's player on its notes tab (the field and 메모 저장 disabled). */
export async function playerNotes(page: Page) {
  await page.locator('.class-summary').getByRole('link', { name: '바로 수강하기' }).click();
  await page.waitForURL((url) => url.pathname === '/player/101');
  await page.locator('.player-curriculum__item[data-complete]').first().waitFor();
  await page.getByRole('tab', { name: '메모' }).click();
  await page.getByRole('button', { name: '메모 저장' }).waitFor();
}

async function shoot(page: Page, file: string, fullPage = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `admin-view-as-${file}.png`), fullPage });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 900 });
      await signInLocal(page, 'staff@demo.kr');
      await openMemberView(page, { submit: false });
      await page.getByLabel('회원 이메일').fill('');
      await page.getByRole('button', { name: '회원 화면 열기' }).click();
      await page.locator('#view-as-email-error').waitFor();
      await shoot(page, `form-${width}`);
      await openMemberView(page);
      await shoot(page, `class-${width}`, false);
      await playerNotes(page);
      await shoot(page, `player-${width}`, false);
      await page.getByRole('link', { name: '강의실로' }).click();
      await page.waitForURL((url) => url.pathname === '/myclassProgress/101');
      await page.locator('.materials').waitFor();
      await page.locator('.quiz').waitFor();
      await shoot(page, `classroom-${width}`);
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

// Run by path, not when the operators' guide script borrows the helpers.
if (import.meta.url === `file://${process.argv[1]}`) await main();
