import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest, newPage, signInLocal } from './support';

/**
 * 매출 in the console (issue 39): an operator opens a day that has seeded orders; the totals shown are that day's
 * orders and refunds as the database holds them, and the XLSX saved through the button, parsed back, says the same.
 * One server and one signed-in page, at 1280 and then 390 px, nothing wider than the window.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900, paymentid: 1 },
  { width: 390, height: 844, paymentid: 2 },
] as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

let page: Page;
beforeAll(async () => {
  ({ page } = await newPage(app.browser, app.server.url));
  await signInLocal(page, 'staff@demo.kr');
});
afterAll(() => page?.context().close());

/** The day's figures from the database itself: paid orders made that day, refunds finished that day. */
async function dayInDatabase(day: string) {
  const next = `${day}~`;
  const sold = (
    await sql<{ gross: number; orders: number }>`select coalesce(sum(amount), 0)::int as gross, count(*)::int as orders from payments
      where status in ('paid', 'partially_refunded', 'refunded') and created_at >= ${day} and created_at < ${next}`.execute(app.server.db)
  ).rows[0]!;
  const refunds = (
    await sql<{ refunds: number }>`select coalesce(sum(amount), 0)::int as refunds from refunds
      where status = 'done' and done_at >= ${day} and done_at < ${next}`.execute(app.server.db)
  ).rows[0]!.refunds;
  return { ...sold, refunds, net: sold.gross - refunds };
}

describe.each(WIDTHS)('매출 at $width px', ({ paymentid, ...viewport }) => {
  it("an operator's day of sales is the day's seeded orders, on screen and in the downloaded XLSX", async () => {
    // The seeded order's day: the demo's orders are dated relative to today (issue 42, finding 9).
    const day = (await sql<{ day: string }>`select substr(created_at, 1, 10) as day from payments where paymentid = ${paymentid}`.execute(app.server.db))
      .rows[0]!.day;
    await page.setViewportSize(viewport);
    const expected = await dayInDatabase(day);
    expect(expected.orders).toBeGreaterThan(0);

    await page.goto('/admin/sales');
    await page.getByTestId('admin-sales-report').waitFor();
    await page.getByLabel('시작일').fill(day);
    await page.getByLabel('종료일').fill(day);
    await page.getByRole('button', { name: '일별' }).click();
    const total = (key: string) => page.locator(`.admin-sales-total[data-total="${key}"] dd`);
    await expect.poll(() => total('gross').textContent()).toBe(won(expected.gross));
    expect(await total('refunds').textContent()).toBe(won(expected.refunds));
    expect(await total('net').textContent()).toBe(won(expected.net));
    expect(await total('orders').textContent()).toBe(`${expected.orders}건`);
    await page.locator(`.admin-sales-table tr[data-key="${day}"]`).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '엑셀(XLSX) 내려받기' }).click()]);
    expect(download.suggestedFilename()).toBe(`매출_일별_${day}_${day}.xlsx`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0]!;
    const totals = sheet.getRow(sheet.rowCount);
    expect([1, 4, 5, 6, 7].map((n) => totals.getCell(n).value)).toEqual(['합계', expected.orders, expected.gross, expected.refunds, expected.net]);
  });
});
