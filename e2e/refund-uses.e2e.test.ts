import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appUnderTest, DEMO, signedInPage } from './support';

/**
 * Issue 42, finding 5: a refund is never refused for use the member is not shown. member@demo.kr's 견갑골 class (order
 * 3) has no learning record, so its quote refunds it and names no use; order 1 (101, partly watched) names exactly the
 * paid lectures the member has progress on, with when each was first played.
 */
const app = appUnderTest();

describe.each([390, 1280])('finding 5 at %i px: the refund names what counted as use', (width) => {
  it('an order with no learning record is refundable and names no use; a watched one names its played lectures', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email, {
      viewport: { width, height: width < 600 ? 844 : 900 },
    });
    const quoteOf = async (paymentid: number) => {
      await page.goto(`/mypayment?paymentid=${paymentid}`);
      await page.getByTestId('refund-request').click();
      await page.locator('.swal2-popup .popup-dark__lines').waitFor();
      const lines = await page.locator('.swal2-popup .popup-dark__lines li').allTextContents();
      await page.locator('.swal2-popup button:visible').last().click();
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
      return lines;
    };
    const db = app.server.db;
    const titleOf = async (paymentid: number) =>
      (await sql<{ title: string; contentsid: number }>`select l.title, l.contentsid from payment_items i join lectures l using (contentsid)
        where i.paymentid = ${paymentid}`.execute(db)).rows[0]!;

    const untouched = await titleOf(3);
    const none = await quoteOf(3);
    expect(none.some((l) => l.startsWith('수강으로 본 기록'))).toBe(false);
    expect(none.find((l) => l.startsWith(`환불 클래스: ${untouched.title}`))).toMatch(/\((\d+)강 중 \1강\)$/);

    const watched = await titleOf(1);
    const played = (
      await sql<{ title: string }>`select v.title from progress p join videos v using (videoid)
        where p.useruid = ${DEMO.member.useruid} and p.contentsid = ${watched.contentsid} and not v.is_preview and p.watched_sec > 0
        order by v.videoid`.execute(db)
    ).rows.map((r) => r.title);
    expect(played.length).toBeGreaterThan(0);
    const uses = (await quoteOf(1)).find((l) => l.startsWith(`수강으로 본 기록 - ${watched.title}: `))!;
    const named = uses.slice(`수강으로 본 기록 - ${watched.title}: `.length).split(', ').map((u) => u.replace(/ \(\d{4}\.\d\d\.\d\d \d\d:\d\d 재생\)$/, ''));
    expect(named).toEqual(played);
    await context.close();
  });
});
