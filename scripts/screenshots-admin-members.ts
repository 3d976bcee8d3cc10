/**
 * Screenshots of the console's 회원 screens (issue 39) at 390 px and 1280 px into screenshots/: the masked search, the
 * reason asked before a record opens, member@demo.kr's whole record with a class granted, the CSV preview with its
 * per-line errors, and (as the owner) 개인정보 열람 기록.
 * Usage: npx tsx scripts/screenshots-admin-members.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { daysFromNow } from '../server/lib/time';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

/** Says when the page is wider than its window (nothing may be cut at 390 px). */
async function fits(page: Page, name: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (over > 0) console.warn(`${name}: ${over} px wider than the window`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const [width, grant] of [[390, 106], [1280, 107]] as const) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      await page.goto('/admin/members');
      await page.getByTestId('admin-members-table').waitFor({ timeout: 15_000 });
      await fits(page, `members ${width}`);
      await page.screenshot({ path: join(OUT, `admin-members-${width}.png`), fullPage: true });

      await page.locator('tr[data-useruid="u-demo-1"]').getByRole('button', { name: '열람' }).click();
      await page.getByRole('button', { name: '열람하기' }).click();
      await page.locator('.field-error').waitFor();
      await page.screenshot({ path: join(OUT, `admin-member-reason-${width}.png`), fullPage: true });
      await page.getByLabel('사유').fill('수강 기간 문의 전화 확인');
      await page.getByRole('button', { name: '열람하기' }).click();
      await page.getByTestId('admin-member-record').waitFor();
      const form = page.getByRole('form', { name: '수강 부여 · 기간 변경' });
      await form.getByLabel('클래스 번호').fill(String(grant));
      await form.getByLabel('수강 종료일').fill(daysFromNow(60).slice(0, 10));
      await form.getByLabel('사유').fill('오프라인 과정 복습 제공');
      await form.getByRole('button', { name: '저장하기' }).click();
      await form.getByText('수강을 부여했습니다').waitFor();
      await fits(page, `member ${width}`);
      await page.screenshot({ path: join(OUT, `admin-member-record-${width}.png`), fullPage: true });

      await page.getByRole('button', { name: '목록으로' }).click();
      await page.getByRole('button', { name: 'CSV로 수강 등록' }).click();
      await page.getByLabel('CSV 내용').fill(['이메일,클래스번호,종료일', 'new@demo.kr,108,', 'ghost@demo.kr,108,', 'new@demo.kr,abc,', `new@demo.kr,109,${daysFromNow(-2).slice(0, 10)}`].join('\n'));
      await page.getByLabel('사유').fill('3월 오프라인 과정 수강생');
      await page.getByRole('button', { name: '미리보기' }).click();
      await page.getByTestId('admin-import-result').waitFor();
      await fits(page, `import ${width}`);
      await page.screenshot({ path: join(OUT, `admin-members-import-${width}.png`), fullPage: true });
      await context.close();

      const owner = await newPage(browser, server.url, viewport);
      await signInLocal(owner.page, 'owner@demo.kr');
      await owner.page.goto('/admin/privacy-access');
      await owner.page.getByTestId('admin-privacy-access-table').waitFor({ timeout: 15_000 });
      await fits(owner.page, `privacy ${width}`);
      await owner.page.screenshot({ path: join(OUT, `admin-privacy-access-${width}.png`), fullPage: true });
      await owner.context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
