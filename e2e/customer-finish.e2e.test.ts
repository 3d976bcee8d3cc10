import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, DEMO, signedInPage } from './support';

/**
 * Issue 42, what a paying member minds: the method the order was paid with, truthfully, on every screen (finding 4);
 * member-written text shown as text (finding 7); the order detail and its refund dialog within a phone (finding 3).
 */
const app = appUnderTest();

const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** How far the page scrolls sideways, and the controls whose box ends beyond the viewport (0 and [] when it fits). */
async function beyondViewport(page: Page, controls: string) {
  return page.evaluate((selector) => {
    const width = window.innerWidth;
    // Beyond the edge, or holding text wider than its own box (run past it or clipped).
    const cut = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        return box.right > width + 0.5 || box.left < -0.5 || e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => e.textContent?.trim().slice(0, 40) ?? e.tagName);
    return { overflow: document.documentElement.scrollWidth - width, cut };
  }, controls);
}

describe('finding 4: the method the order was paid with', () => {
  // 390: the new member pays 47,000원 with 카카오페이; 1280: the demo member pays 82,000원 by card in 6 months.
  const cases = [
    { width: 390, email: DEMO.newMember.email, contentsid: 104, pick: '카카오페이', months: 0, says: '카카오페이', refundLine: '카카오페이 환불 금액: 47,000원' },
    { width: 1280, email: DEMO.member.email, contentsid: 109, pick: '신용·체크카드', months: 6, says: '신용카드 (할부 6개월)', refundLine: '카드 환불 금액: 82,000원' },
  ];
  it.each(cases)('$width px: $says on the result, the history, the detail and the refund dialog', { timeout: 90_000 }, async (c) => {
    const { context, page } = await signedInPage(app.browser, app.server.url, c.email, { viewport: viewport(c.width) });
    await page.goto(`/payment/${c.contentsid}`);
    await page.locator('.checkout__pay:not([disabled])').waitFor();
    await page.getByRole('radio', { name: c.pick }).check();
    if (c.months) await page.getByLabel('할부').selectOption(String(c.months));
    await page.locator('.checkout-agree input').check();
    await page.locator('.checkout__pay').click();
    await page.locator('dialog.card-window').getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const paymentid = Number(new URL(page.url()).searchParams.get('paymentid'));
    const method = (scope: ReturnType<Page['locator']>) => scope.getByTestId('paid-method').textContent();

    expect(await method(page.locator('.receipt'))).toBe(c.says);

    await page.goto('/mypayment');
    expect(await method(page.locator(`[data-testid="payment-row"][data-paymentid="${paymentid}"]`))).toBe(c.says);

    await page.goto(`/mypayment?paymentid=${paymentid}`);
    expect(await method(page.getByTestId('payment-detail'))).toBe(c.says);
    await page.getByTestId('refund-request').click();
    await page.locator('.swal2-popup .popup-dark__lines').waitFor();
    expect(await page.locator('.swal2-popup .popup-dark__lines li').allTextContents()).toContain(c.refundLine);
    // The quote with its reason choice within the screen too (finding 3: "전액" was cut at 390 px).
    await page.waitForTimeout(400); // the popup's entry animation
    expect(await beyondViewport(page, '.swal2-popup, .swal2-popup li, .swal2-popup select, .swal2-popup button')).toEqual({ overflow: 0, cut: [] });
    await context.close();
  });
});

describe('finding 7: member-written text is shown as text', () => {
  it.each([390, 1280])('%i px: an old suggestion holding HTML reads as its text; a question keeps its line breaks and its "<"', async (width) => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email, { viewport: viewport(width) });
    // The seed's suggestion was stored as "<p>출장 때문에 수강을 못했어요…</p>" by the old site.
    await page.goto('/q&a?tab=suggest');
    await page.getByText('수강 기간 연장이 가능한가요?').first().click();
    const content = page.getByTestId('suggest-view').getByTestId('member-text');
    expect(await content.innerText()).toBe('출장 때문에 수강을 못했어요. 연장 가능할까요?');

    // A question written now, in the player's Q&A tab, with two lines and a "<b>" that is the member's text.
    const title = `줄바꿈 질문 ${width}`;
    const token = decodeURIComponent((await context.cookies()).find((k) => k.name === 'pilates_accessToken')!.value);
    const asked = await page.request.post('/api/QnA/Save/', {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
      data: { contentsid: 101, useruid: DEMO.member.useruid, title, content: '첫 줄입니다.\n둘째 줄 <b>굵게</b> 아님', issecret: false },
    });
    expect(asked.status()).toBe(200);
    await page.goto('/player/101');
    await page.getByRole('tab', { name: 'Q&A' }).click();
    const item = page.getByTestId('qna-item').filter({ hasText: title });
    await item.locator('summary').click();
    expect(await item.getByTestId('member-text').innerText()).toBe('첫 줄입니다.\n둘째 줄 <b>굵게</b> 아님');
    await context.close();
  });
});

describe('finding 3: the order detail fits the phone', () => {
  it.each([320, 390, 1280])('%i px: nothing scrolls sideways; 목록으로, 내 강의실로 and the refund dialog are within the screen', async (width) => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email, { viewport: viewport(width) });
    // Order 1 (seed): 101 paid by card and partly watched, so its quote lists what was taken and what comes back.
    await page.goto('/mypayment?paymentid=1');
    await page.getByTestId('payment-detail').waitFor();
    await page.getByTestId('order-terms').waitFor();
    expect(await beyondViewport(page, '.payment-detail__actions .btn, main h2, main h3')).toEqual({ overflow: 0, cut: [] });
    await page.getByTestId('refund-request').click();
    await page.locator('.swal2-popup').waitFor();
    await page.waitForTimeout(400); // the popup's entry animation
    expect(await beyondViewport(page, '.swal2-popup, .swal2-html-container, .swal2-popup li, .swal2-popup button')).toEqual({ overflow: 0, cut: [] });
    await context.close();
  });
});
