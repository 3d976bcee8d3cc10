/**
 * The pictures of docs/operator-guide.md (1280 px, JPEG), from the real server and app as the demo owner sees them;
 * the lecture-media states are the stand-ins of scripts/screenshots-admin-media.ts (the server runs without the queue).
 * Usage: npx tsx scripts/operator-guide-shots.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';
import { fakeMedia } from './screenshots-admin-media';
import { gradientPng } from '../server/tests/pictures';
import { openMemberView, playerNotes } from './screenshots-admin-view-as';

const OUT = join(ROOT, 'docs', 'operator-guide');
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 70, fullPage });

/** A few console writes through the API, so the audit trail has something to show. */
async function someWork(url: string) {
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(url + path, {
      method,
      headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { datas: Record<string, unknown> }).datas;
  };
  const token = (await call('POST', '/local/auth/sign-in', { email: 'staff@demo.kr', remember: false })).accessToken as string;
  const created = await call('POST', '/api/Admin/Classes', {
    title: '골반 안정화 클래스', subtitle: '재활 입문', description: '<p>골반 주변 근육을 깨웁니다.</p>', categoryid: 211,
    teacher: '정재활 물리치료사', price: 59000, saleprice: 49000, perioddays: 90, level: '입문', tags: ['재활'],
  }, token);
  await call('POST', `/api/Admin/Classes/${created.contentsid as number}/Sections`, { title: '1. 호흡과 정렬' }, token);
  await call('POST', '/api/Admin/Notices', { isnotice: 1, title: '12월 신규 클래스 안내', content: '<p>골반 안정화 클래스가 열립니다.</p>', istop: false }, token);
}

await withAppAndBrowser(async (server, browser) => {
  await someWork(server.url);
  const { context, page } = await newPage(browser, server.url, { width: 1280, height: 900 });
  await signInLocal(page, 'owner@demo.kr');
  await page.goto('/admin/staff');
  await page.locator('main table, main .admin-table').first().waitFor();
  await shot(page, 'staff');
  await page.goto('/admin/classes');
  await page.getByText('골반 안정화 클래스').first().waitFor();
  await shot(page, 'classes');
  await page.goto('/admin/classes/107');
  await page.locator('#curriculum-title').waitFor();
  await shot(page, 'class-edit', true);
  await page.goto('/admin/audit');
  await page.locator('main').getByText('감사 기록').first().waitFor();
  await page.waitForTimeout(500);
  await shot(page, 'audit');
  // 카테고리: the tree with 「매트」's move open; 메인 배너: a new banner with its picture and a refused link.
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: '「매트」 다른 위치로 옮기기' }).click();
  await shot(page, 'categories');
  await page.goto('/admin/banners');
  await page.getByRole('button', { name: '새 배너' }).click();
  await page.locator('#banner-imageurl').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: gradientPng(2400, 800) });
  await page.getByAltText('이미지 미리보기').waitFor();
  await page.getByLabel('제목').fill('봄맞이 재활 특강');
  await page.getByLabel('링크 (선택)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: '배너 추가' }).click();
  await shot(page, 'banners');
  await fakeMedia(page);
  await page.goto('/admin/classes/107');
  const panels = page.getByTestId('lecture-media');
  await panels.nth(3).and(page.locator('[data-state="failed"]')).waitFor({ timeout: 15_000 });
  await panels.first().locator('input[type="file"]').setInputFiles({ name: 'lecture.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(1_000_000, 1) });
  await panels.first().getByText('업로드 중 37%').waitFor({ timeout: 15_000 });
  await page.locator('#curriculum-title').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await shot(page, 'media');
  // 회원 화면으로 보기: the form, then the member's player under the banner (its notes tab, read-only).
  await openMemberView(page, { submit: false });
  await shot(page, 'view-as-form');
  await openMemberView(page);
  await playerNotes(page);
  await page.waitForTimeout(300);
  await shot(page, 'view-as-player');
  await context.close();
  console.log(`pictures written to ${OUT}`);
});
