import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../server/local/mailCatcher';
import type { RunningServer } from '../server/start';
import { BUSINESS } from '../rules/business';
import { DEMO, buyWithTestCard, confirmPopup, fileBrowser, releaseBrowser, newPage, signInLocal, startApp, mailSettled } from './support';

/**
 * The demo's mail (issue 40) in Chromium: a member pays with the test card and refunds, as on the store; the store's
 * mail job sends over SMTP to the stand-in, which `npm start` shows at /_mail. Each mail is read back field by field
 * from what the SMTP server received, and once in the mailbox page as a newcomer would open it.
 */
let catcher: MailCatcher;
let server: RunningServer;
let browser: Browser;
/** 매트 필라테스 중급 시퀀스, 47,000원 in the seed. */
const CLASS = 104;

beforeAll(async () => {
  catcher = await startMailCatcher();
  server = await startApp({ jobs: true, mail: { smtpUrl: catcher.url, catcher } });
  browser = await fileBrowser();
});
afterAll(async () => {
  if (browser) await releaseBrowser(browser);
  await server?.close();
  await catcher?.stop();
});

const mailsOf = (paymentid: number, subject: RegExp) =>
  catcher.mails().filter((m) => subject.test(m.subject) && m.text.includes(`주문 번호: ${paymentid}`));
async function oneMail(paymentid: number, subject: RegExp): Promise<CaughtMail> {
  await server.mail!.sweep();
  await expect.poll(() => mailsOf(paymentid, subject).length, { timeout: 20_000 }).toBe(1);
  return mailsOf(paymentid, subject)[0]!;
}

describe('mail from a paid order and its refund (demo card)', () => {
  it('one confirmation with the 13조 contents, one refund mail, both in the demo mailbox', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInLocal(page, DEMO.member.email);
    const paymentid = await buyWithTestCard(page, CLASS);

    const confirmation = await oneMail(paymentid, /주문 완료 안내/);
    expect(confirmation.envelopeTo).toEqual([DEMO.member.email]);
    expect(confirmation.to).toContain(DEMO.member.name);
    expect(confirmation.subject).toBe(`[${BUSINESS.company}] 주문 완료 안내 - 매트 필라테스 중급 시퀀스`);
    const lines = confirmation.text.split('\n');
    for (const line of [
      `주문 번호: ${paymentid}`,
      '결제 금액: 47,000원',
      '결제 수단: 신용카드 (일시불)',
      `판매자: ${BUSINESS.company} (대표 ${BUSINESS.representative})`,
      `사업자등록번호: ${BUSINESS.businessNo}`,
      `통신판매업 신고번호: ${BUSINESS.mailOrderNo}`,
      `주소: ${BUSINESS.address}`,
      '제공 방법: 결제 즉시 내 강의실에서 온라인 영상으로 제공',
      '청약철회 방법: 마이페이지 > 결제내역 > 주문 상세의 [환불 신청]',
    ])
      expect(lines).toContain(line);
    expect(lines.some((l) => /^- 매트 필라테스 중급 시퀀스 · 47,000원 · 수강 기간: 결제일로부터 \d+일/.test(l))).toBe(true);
    expect(lines.some((l) => /^청약철회 기한: \d{4}년 \d+월 \d+일 \d{2}:\d{2}까지/.test(l))).toBe(true);
    expect(lines.some((l) => l.endsWith(`/mypayment?paymentid=${paymentid}`))).toBe(true);

    // 청약철회 from the order, as the member does it.
    await page.goto(`/mypayment?paymentid=${paymentid}`);
    await page.getByTestId('refund-request').click();
    const dialog = page.locator('.swal2-popup');
    await dialog.locator('.popup-dark__lines').waitFor();
    await dialog.locator('.swal2-select').selectOption('중복 구매');
    await dialog.getByRole('button', { name: '47,000원 환불 신청' }).click();
    await expect.poll(() => page.locator('.swal2-popup .swal2-html-container').textContent()).toBe('47,000원 환불이 완료되었습니다.');
    await confirmPopup(page);
    const refund = await oneMail(paymentid, /환불완료 안내/);
    expect(refund.subject).toBe(`[${BUSINESS.company}] 환불완료 안내 - 47,000원`);
    expect(refund.text.split('\n')).toEqual(expect.arrayContaining(['환불 금액: 47,000원', '환불 수단: 결제하신 수단 (신용카드)']));

    // The demo's mailbox shows both, and the mail as the member would see it.
    await page.goto('/_mail');
    await page.getByRole('link', { name: confirmation.subject }).first().click();
    await page.getByRole('heading', { name: confirmation.subject }).waitFor();
    const body = page.frameLocator('iframe[title="메일 본문"]');
    await body.getByRole('heading', { name: '주문이 완료되었습니다' }).waitFor();
    expect(await body.getByText(BUSINESS.mailOrderNo).count()).toBeGreaterThan(0);
    await context.close();
    // Nothing more on its way: each event is one mail.
    await server.mail!.sweep();
    await mailSettled(server.db);
    expect(catcher.mails().filter((m) => m.text.includes(`주문 번호: ${paymentid}`))).toHaveLength(2);
  });
});
