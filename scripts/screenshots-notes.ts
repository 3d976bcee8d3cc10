/**
 * Screenshots of timestamped notes (issue 26) at 390 px and 1280 px, signed in as the demo member: the player's
 * 메모 tab with notes of this and another video, and the notes on the class progress page. Into screenshots/.
 * Usage: npx tsx scripts/screenshots-notes.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { newPage, signInLocal, withAppAndBrowser, DEMO, ROOT } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? join(ROOT, 'screenshots');

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      await signInLocal(page, DEMO.member.email);
      const write = async (path: string, second: number, text: string) => {
        await page.goto(path);
        await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 1);
        await page.getByRole('tab', { name: '메모' }).click();
        await page.locator('.player-stage video').evaluate((v: HTMLVideoElement, s) => {
          v.pause();
          v.currentTime = s;
        }, second);
        await page.locator('.player-notes textarea').fill(text);
        await page.getByRole('button', { name: '메모 저장' }).click();
        await page.locator('.player-note__text', { hasText: text }).waitFor();
      };
      if (width === 390) {
        await write('/player/121?videoid=12111&t=1', 30, '도입부: 오늘의 목표 세 가지');
        await write('/player/121?videoid=12112&t=1', 192, '골반 중립 다시 보기 — 숨을 내쉬며 갈비뼈를 닫는다');
        await write('/player/121?videoid=12112&t=1', 75, '어깨가 올라가지 않게');
      }
      await page.goto('/player/121?videoid=12112&t=100');
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 2);
      await page.locator('.player-stage video').evaluate((v: HTMLVideoElement) => v.pause());
      await page.getByRole('tab', { name: '메모' }).click();
      await page.locator('.player-note').first().waitFor();
      await page.screenshot({ path: `${OUT}/notes-player-${width}.png`, fullPage: true });
      await page.locator('.player-notes__field').first().fill('');
      await page.getByRole('button', { name: '메모 저장' }).click();
      await page.locator('.player-notes__problem').waitFor();
      await page.locator('.player-note').first().getByRole('button', { name: /메모 수정$/ }).click();
      await page.screenshot({ path: `${OUT}/notes-player-editing-${width}.png`, fullPage: true });
      await page.goto('/myclassProgress/121');
      await page.locator('.class-notes').waitFor();
      await page.locator('.class-notes').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/notes-progress-${width}.png` });
      await context.close();
    }
  });
  console.log(`screenshots in ${OUT}`);
}

void main();
