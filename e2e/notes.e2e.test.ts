import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, DEMO, newPage, signInLocal } from './support';

/** Issue 26: timestamped notes in the player and on the class progress page, for the demo member (class 121, MP4). */
const app = appUnderTest();

// The player's clock format (0:42; a unified formatter may pad it to 00:42).
const AT_42 = /^0?0:42$/;
const video = (page: Page) => page.locator('.player-stage video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function openPlayer(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 1, null, {
    timeout: 20_000,
  });
}

/** Where the member has moved the video to (paused there), as the seek bar would. */
async function seekTo(page: Page, second: number): Promise<void> {
  await video(page).evaluate(
    (v: HTMLVideoElement, s) =>
      new Promise<void>((done) => {
        v.pause();
        v.addEventListener('seeked', () => done(), { once: true });
        v.currentTime = s;
      }),
    second,
  );
}

describe('timestamped notes', () => {
  it('writes a note at the playing second, seeks from it, edits it, lists it on the progress page and deletes it', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await openPlayer(page, '/player/121?videoid=12112&t=5');
    await page.getByRole('tab', { name: '메모' }).click();
    const panel = page.locator('.player-notes');

    // Empty: said in place, in Korean, nothing sent.
    await panel.getByRole('button', { name: '메모 저장' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('메모 내용을 입력해주세요.');

    await seekTo(page, 42.6);
    await expect.poll(() => panel.locator('.player-notes__at').textContent()).toMatch(AT_42);
    await panel.getByRole('textbox').fill('골반 중립 다시 보기');
    await panel.getByRole('button', { name: '메모 저장' }).click();
    const note = panel.locator('.player-note');
    await expect.poll(() => note.locator('.player-note__text').textContent()).toBe('골반 중립 다시 보기');
    expect(await note.locator('.player-note__time').textContent()).toMatch(AT_42);
    expect(await panel.getByRole('textbox').inputValue()).toBe('');

    // A click on the note plays the video from its second.
    await seekTo(page, 90);
    await note.locator('.player-note__seek').click();
    await expect.poll(async () => Math.abs((await currentTime(page)) - 42), { timeout: 10_000 }).toBeLessThan(2);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    await note.getByRole('button', { name: /^0?0:42 메모 수정$/ }).click();
    await note.getByRole('textbox').fill('골반 중립 - 호흡과 함께');
    await note.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => note.locator('.player-note__text').textContent()).toBe('골반 중립 - 호흡과 함께');

    // The progress page lists it under its video, a link into the player at that second.
    await page.goto('/myclassProgress/121');
    const listed = page.locator('.class-notes__item');
    await expect.poll(() => listed.locator('.class-notes__text').textContent(), { timeout: 10_000 }).toBe('골반 중립 - 호흡과 함께');
    expect(await listed.getByRole('link').getAttribute('href')).toBe('/player/121?videoid=12112&t=42');
    await listed.getByRole('link').click();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 1);
    await expect.poll(async () => Math.abs((await currentTime(page)) - 42), { timeout: 10_000 }).toBeLessThan(2);

    await page.getByRole('tab', { name: '메모' }).click();
    await page.locator('.player-note').getByRole('button', { name: /^0?0:42 메모 삭제$/ }).click();
    await page.locator('.swal2-confirm', { hasText: '확인' }).click();
    await expect.poll(() => page.locator('.player-notes__empty').textContent()).toBe('아직 남긴 메모가 없습니다.');
    expect(await page.locator('.player-note').count()).toBe(0);
    await context.close();
  }, 90_000);
});
