/**
 * Screenshots of the console (/admin) at 390 px and 1280 px into screenshots/: every screen as the owner (who sees
 * them all), the forms open, the phone's menu, the refusal a member gets and an instructor's class list.
 * Usage: npx tsx scripts/screenshots-admin.ts [name-prefix]   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';
import { gradientPng } from '../server/tests/pictures';

const OUT = join(ROOT, 'screenshots');

/** [name, path, what shows once it is ready, optional step before the shot]. */
type Shot = [name: string, path: string, ready: string, before?: (page: Page) => Promise<void>];
const OWNER_SHOTS: Shot[] = [
  ['home', '/admin', '.admin-tiles'],
  ['classes', '/admin/classes', '[data-testid="admin-class-table"]'],
  ['class-edit', '/admin/classes/107', '[data-testid="admin-section"]'],
  [
    'class-new-errors',
    '/admin/classes/new',
    'form[aria-label="클래스 정보"]',
    async (page) => {
      await page.getByLabel('정가 (원)').fill('50000');
      await page.getByLabel('할인가 (원)').fill('60000');
      await page.getByRole('button', { name: '클래스 만들기' }).click();
    },
  ],
  ['categories', '/admin/categories', '[data-testid="admin-category-tree"]'],
  ['category-move', '/admin/categories', '[data-testid="admin-category-tree"]', (page) => page.getByRole('button', { name: '「매트」 다른 위치로 옮기기' }).click()],
  ['banners', '/admin/banners', '[data-testid="admin-banner-list"]'],
  ['banner-form', '/admin/banners', '[data-testid="admin-banner-list"]', bannerForm],
  ['notices', '/admin/notices', '[data-testid="admin-notice-table"]'],
  ['notice-form', '/admin/notices', '[data-testid="admin-notice-table"]', (page) => page.getByRole('button', { name: '새 공지' }).click()],
  ['faqs', '/admin/faqs', '.admin-faq-group'],
  ['faq-form', '/admin/faqs', '.admin-faq-group', async (page) => (await page.getByRole('button', { name: '수정' }).first().click(), undefined)],
  ['staff', '/admin/staff', '[data-testid="admin-staff-table"]'],
  ['audit', '/admin/audit', '[data-testid="admin-audit-table"], .empty-state'],
];

/** 새 배너 with a picture uploaded and a link the store would drop, refused beside its field. */
async function bannerForm(page: Page) {
  await page.getByRole('button', { name: '새 배너' }).click();
  await page.locator('#banner-imageurl').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: gradientPng(2400, 800) });
  await page.getByAltText('이미지 미리보기').waitFor();
  await page.getByLabel('제목').fill('봄맞이 재활 특강');
  await page.getByLabel('링크 (선택)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: '배너 추가' }).click();
}

async function shoot(page: Page, file: string) {
  // From the top: the sticky side navigation would otherwise stand where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `admin-${file}.png`), fullPage: true });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const only = process.argv[2];
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'owner@demo.kr');
      // Something in the audit trail: the owner grants and revokes a role.
      await page.goto('/admin/staff');
      await page.getByLabel('회원 이메일').fill(DEMO.newMember.email);
      await page.getByRole('button', { name: '역할 부여' }).click();
      await page.getByText('역할을 부여했습니다').waitFor();
      for (const [name, path, ready, before] of OWNER_SHOTS) {
        if (only && !name.startsWith(only)) continue;
        await page.goto(path);
        await page.locator(ready).first().waitFor({ timeout: 15_000 });
        if (before) await before(page);
        await shoot(page, `${name}-${width}`);
      }
      if (width < 900 && (!only || only === 'menu')) {
        await page.goto('/admin/classes');
        await page.getByRole('button', { name: '메뉴' }).click();
        await shoot(page, `menu-${width}`);
      }
      await context.close();

      if (!only || only === 'refusal') {
        const member = await newPage(browser, server.url, viewport);
        await signInLocal(member.page, DEMO.member.email);
        await member.page.goto('/admin');
        await member.page.getByText('운영진만 이용할 수 있습니다.').waitFor();
        await shoot(member.page, `refusal-${width}`);
        await member.context.close();
      }
      if (!only || only === 'instructor') {
        const teacher = await newPage(browser, server.url, viewport);
        await signInLocal(teacher.page, 'teacher@demo.kr');
        await teacher.page.goto('/admin/classes');
        await teacher.page.locator('[data-testid="admin-class-table"]').waitFor();
        await shoot(teacher.page, `instructor-classes-${width}`);
        await teacher.page.goto('/admin/classes/101');
        await teacher.page.getByRole('alert').first().waitFor();
        await shoot(teacher.page, `instructor-refused-${width}`);
        await teacher.context.close();
      }
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
