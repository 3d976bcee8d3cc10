import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, appUnderTest, buyWithTestCard, confirmPopup, newPage, signInLocal } from './support';

/**
 * Issue 41, hole 1: what was paid for stays paid for. new@demo.kr buys a class, keeps the handout link from 강의 자료
 * and the lecture's video address from the player, and an operator then refunds the whole order in the console. The
 * old links, opened again in the member's browser, answer 403 with a Korean message instead of the PDF and the video.
 */
const app = appUnderTest();
/** 매트 필라테스 기초 (101): an MP4 lecture with a handout; new@demo.kr does not own it in the seed. */
const CLASS = 101;
const VIDEO = 10112;

/** Status and body text of `link` opened in the address bar. */
async function open(page: Page, link: string): Promise<[number | undefined, string]> {
  const res = await page.goto(link);
  return [res?.status(), (await page.locator('body').textContent()) ?? ''];
}

describe('links kept after a refund', () => {
  it('a refunded member’s old handout and video links answer 403 with a Korean message', { timeout: 180_000 }, async () => {
    const member = await newPage(app.browser, app.server.url);
    await signInLocal(member.page, DEMO.newMember.email);
    const paymentid = await buyWithTestCard(member.page, CLASS);

    await member.page.goto('/myEbook');
    const handout = (await member.page.getByTestId('material-link').first().getAttribute('href'))!;
    expect(handout).toContain(`member=${DEMO.newMember.useruid}`);
    await member.page.goto(`/player/${CLASS}?videoid=${VIDEO}`);
    const video = member.page.locator('.player-stage video');
    await expect.poll(() => video.getAttribute('src'), { timeout: 30_000 }).toContain('signature=');
    const source = (await video.getAttribute('src'))!.replace(/#.*$/, '');
    // While the class is the member's, both links serve.
    const served = await member.page.evaluate(
      async ([a, b]) => Promise.all([fetch(a!).then((r) => r.status), fetch(b!, { headers: { Range: 'bytes=0-99' } }).then((r) => r.status)]),
      [handout, source],
    );
    expect(served).toEqual([200, 206]);

    const staff = await newPage(app.browser, app.server.url);
    await signInLocal(staff.page, 'staff@demo.kr');
    await staff.page.goto('/admin/orders');
    await staff.page.getByLabel('회원 (이메일 또는 회원 ID)').fill(DEMO.newMember.email);
    await staff.page.getByRole('button', { name: '찾기' }).click();
    await staff.page.locator(`tr[data-paymentid="${paymentid}"]`).getByRole('button', { name: '열기' }).click();
    const form = staff.page.getByTestId('admin-refund-form');
    await form.getByRole('button', { name: '전액' }).click();
    await form.getByLabel('사유').fill('수강 취소 요청');
    await form.getByRole('button', { name: '환불하기' }).click();
    await confirmPopup(staff.page);
    await staff.page.getByTestId('admin-order-refunds').getByText('전액 환불').waitFor();
    await staff.context.close();

    expect(await open(member.page, handout)).toEqual([403, expect.stringContaining('환불되었거나 수강 기간이 끝난 강의의 자료라 이 링크로는 더 이상 내려받을 수 없습니다.')]);
    expect(await open(member.page, source)).toEqual([403, expect.stringContaining('환불되었거나 수강 기간이 끝난 강의의 영상이라 이 링크로는 더 이상 재생할 수 없습니다.')]);
    await member.context.close();
  });
});
