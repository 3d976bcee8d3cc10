/**
 * Screenshots of the console's lecture media panel (issue 38) at 390 px and 1280 px into screenshots/: one lecture
 * uploading and paused, one 변환 중, one 게시 가능 with its captions open (a refused file's line shown), one 실패.
 * The server runs without the job queue, so the media states are the browser's stand-ins for GetAdminLectureMedia
 * (the page asks once per lecture, in order) and the upload's PATCH is held half way.
 * Usage: npx tsx scripts/screenshots-admin-media.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const CLASS = 107;

const media = (videoid: number, over: Record<string, unknown>) => ({
  videoid,
  state: 'none',
  progress: 0,
  error: null,
  renditions: [],
  durationsec: 0,
  uploadid: null,
  uploadoffset: 0,
  uploadlength: 0,
  updatedat: null,
  ...over,
});
/** The lectures' states, in the order the panels ask. */
const STATES = [
  { state: 'none' },
  { state: 'processing', progress: 42 },
  { state: 'ready', progress: 100, renditions: ['720p', '480p', '360p'], durationsec: 754 },
  { state: 'failed', error: '영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.' },
];
const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

export async function fakeMedia(page: Page) {
  const seen: number[] = [];
  await page.route('**/api/Admin/Lectures/*/Media', (route) => {
    const videoid = Number(new URL(route.request().url()).pathname.split('/')[4]);
    if (!seen.includes(videoid)) seen.push(videoid);
    const i = seen.indexOf(videoid);
    return json(route, { success: true, respMessage: '', datas: media(videoid, STATES[i] ?? STATES[2]!) });
  });
  // tus: the creation answers, the first PATCH takes 37 % of the file, the next one never ends (uploading).
  await page.route('**/api/Admin/Uploads', (route) =>
    route.fulfill({ status: 201, headers: { Location: '/api/Admin/Uploads/shot-upload', 'Tus-Resumable': '1.0.0', 'Access-Control-Expose-Headers': 'Location' } }),
  );
  let patches = 0;
  await page.route('**/api/Admin/Uploads/shot-upload', async (route) => {
    const length = 1_000_000;
    if (route.request().method() === 'PATCH' && patches++ === 0)
      return route.fulfill({ status: 204, headers: { 'Upload-Offset': String(length * 0.37), 'Tus-Resumable': '1.0.0' } });
    if (route.request().method() === 'HEAD')
      return route.fulfill({ status: 200, headers: { 'Upload-Offset': String(length * 0.37), 'Upload-Length': String(length), 'Tus-Resumable': '1.0.0' } });
    // held: the upload stays 업로드 중
  });
}

async function shoot(page: Page, file: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, `admin-media-${file}.png`), fullPage: true });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 900 });
      await signInLocal(page, 'staff@demo.kr');
      await fakeMedia(page);
      await page.goto(`/admin/classes/${CLASS}`);
      const panels = page.getByTestId('lecture-media');
      await panels.nth(3).and(page.locator('[data-state="failed"]')).waitFor({ timeout: 15_000 });
      const first = panels.first();
      await first.locator('input[type="file"]').setInputFiles({ name: 'lecture.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(1_000_000, 1) });
      await first.getByText('업로드 중 37%').waitFor({ timeout: 15_000 });
      // The curriculum card from its top, the four states in a row.
      await page.locator('#curriculum-title').scrollIntoViewIfNeeded();
      await shoot(page, `states-${width}`);
      await first.getByRole('button', { name: /업로드 일시정지$/ }).click();
      await first.getByText('일시정지 37%').waitFor();
      await first.screenshot({ path: join(OUT, `admin-media-paused-${width}.png`) });

      const ready = panels.nth(2);
      await ready.locator('details.admin-captions summary').click();
      await ready.getByRole('button', { name: '자막 올리기' }).waitFor();
      // One track listed, then a refused file with its line.
      await ready.getByLabel('자막 파일 (.srt, .vtt)').setInputFiles({
        name: 'lecture.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:00,500 --> 00:00:03,000\n숨을 들이마십니다.\n\n2\n00:00:03,000 --> 00:00:04,000\n천천히 내쉽니다.\n'),
      });
      await ready.getByRole('button', { name: '자막 올리기' }).click();
      await ready.locator('.admin-captions__item').first().waitFor();
      await ready.getByLabel('언어').selectOption('en');
      await ready.getByLabel('자막 파일 (.srt, .vtt)').setInputFiles({
        name: 'broken.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:00,500 --> 00:00:03,000\n숨을 들이마십니다.\n\n2\n00:00:03 --> 00:00:04\n천천히 내쉽니다.\n'),
      });
      await ready.getByRole('button', { name: '자막 올리기' }).click();
      await ready.getByRole('alert').waitFor();
      await ready.scrollIntoViewIfNeeded();
      await ready.screenshot({ path: join(OUT, `admin-media-captions-${width}.png`) });
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

// Run by path, not when the operators' guide script borrows fakeMedia.
if (import.meta.url === `file://${process.argv[1]}`) await main();
