import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, appUnderTest, buyWithTestCard, confirmPopup, newPage, pressPlayUnlessPlaying, signInLocal } from './support';

/**
 * 청약철회 in the demo (issue 25): a class bought with the test card is refunded from its order detail after the
 * member read the server's quote; 결제내역 shows 환불 with the amount and the class leaves 내 강의실.
 * REFUND_SHOTS=<dir> also saves the quote dialog and the history at 390 and 1280 px.
 */
const app = appUnderTest();
const SHOTS = process.env.REFUND_SHOTS;
/** 매트 필라테스 중급 시퀀스, 47,000원 in the seed. */
const CLASS = 104;
const TITLE = '매트 필라테스 중급 시퀀스';

describe('refund journey (demo mode, local test card)', () => {
  for (const width of [1280, 390]) {
    it(
      `${width}px: buy, read the quote, refund; 결제내역 shows 환불 and 내 강의실 no longer has the class`,
      { timeout: 120_000 },
      async () => {
        const { context, page } = await newPage(app.browser, app.server.url, { width, height: width < 600 ? 844 : 900 });
        // One member per width: each buys the class once.
        await signInLocal(page, width === 1280 ? DEMO.member.email : DEMO.newMember.email);
        const paymentid = await buyWithTestCard(page, CLASS);

        // Issue 42, finding 1: the class's own free 미리보기 lecture, played in the player after buying, is not use:
        // the refund stays whole (before, its play marked the class played and the refund was refused).
        const preview = (
          await sql<{ videoid: number }>`select videoid from videos where contentsid = ${CLASS} and is_preview order by sort limit 1`.execute(
            app.server.db,
          )
        ).rows[0]!.videoid;
        await page.goto(`/player/${CLASS}?videoid=${preview}`);
        await pressPlayUnlessPlaying(page);
        await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.currentTime ?? 0) > 2, null, {
          timeout: 20_000,
        });

        await page.goto(`/mypayment?paymentid=${paymentid}`);
        await page.getByTestId('refund-request').click();
        const dialog = page.locator('.swal2-popup');
        await dialog.locator('.popup-dark__lines').waitFor();
        expect(await dialog.locator('.swal2-title').textContent()).toBe('환불 신청');
        const lines = await dialog.locator('.popup-dark__lines li').allTextContents();
        expect(lines[0]).toContain('전액 환불됩니다(청약철회)');
        expect(lines).toContain('카드 환불 금액: 47,000원');
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.waitForTimeout(400); // the popup's entry animation
          await page.screenshot({ path: `${SHOTS}/refund-quote-${width}.png` });
        }
        await dialog.locator('.swal2-select').selectOption('중복 구매');
        await dialog.getByRole('button', { name: '47,000원 환불 신청' }).click();
        await expect
          .poll(() => page.locator('.swal2-popup .swal2-html-container').textContent())
          .toBe('47,000원 환불이 완료되었습니다.');
        await confirmPopup(page);
        await expect.poll(() => page.locator('.payment-detail__head .status-badge').textContent()).toBe('환불완료');
        expect(await page.getByTestId('refund-request').count()).toBe(0);
        expect(await page.getByTestId('payment-refunded').textContent()).toBe('환불금액 47,000원');
        await page.getByTestId('order-terms').waitFor();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/refund-detail-${width}.png`, fullPage: true });

        await page.goto('/mypayment');
        const row = page.locator(`[data-testid="payment-row"][data-paymentid="${paymentid}"]`);
        await row.waitFor();
        expect(await row.locator('.status-badge').textContent()).toBe('환불완료');
        expect(await row.getByTestId('payment-refunded').textContent()).toBe('환불금액 47,000원');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/refund-history-${width}.png`, fullPage: true });

        await page.goto('/myclass');
        await page.getByTestId('classroom-count').waitFor();
        expect(await page.locator(`[data-testid="class-card"][data-contentsid="${CLASS}"]`).count()).toBe(0);
        expect(await page.getByText(TITLE).count()).toBe(0);
        await context.close();
      },
    );
  }
});
