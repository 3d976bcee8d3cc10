/**
 * Checkout in PortOne mode, in Chromium: the live build (one build with the sign-in journeys, fakes/live-local.ts),
 * the real `@portone/browser-sdk` loading its hosted script from https://cdn.portone.io, which this file routes to the
 * fake PortOne's stand-in together with PortOne's checkout host (fakes/portone/hostedCheckout.ts), so the app runs
 * under the CSP it ships with. The backend confirms every payment from the fake's REST API and its signed webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { sql } from 'kysely';
import { ensureLiveBuild, startLiveLocal, type LiveLocal } from '../fakes/live-local';
import { PORTONE_CDN_ORIGIN, PORTONE_CHECKOUT_ORIGIN } from '../fakes/portone/hostedCheckout';
import { fileBrowser, releaseBrowser, popupText, confirmPopup, mailSettled } from './support';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PHONE_MESSAGE = '휴대폰 번호를 등록해주세요. 회원정보 수정 화면으로 이동합니다.';

let live: LiveLocal;
let browser: Browser;
let member: BrowserContext;

beforeAll(async () => {
  live = await startLiveLocal({ distDir: ensureLiveBuild('dist-live'), appPort: 0, smtpPort: 0, mailPort: 0, quiet: true });
  browser = await fileBrowser();
  member = await signedInContext('payer@live.kr', '김결제');
}, 240_000);

afterAll(async () => {
  if (browser) await releaseBrowser(browser);
  await live?.close();
});

/** PortOne's CDN and checkout host, answered by the fake PortOne (the browser never leaves the machine). */
async function routePortOne(context: BrowserContext): Promise<void> {
  const forward = async (route: Route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${live.portone.url}${url.pathname}${url.search}` }) });
  };
  await context.route(`${PORTONE_CDN_ORIGIN}/**`, forward);
  await context.route(`${PORTONE_CHECKOUT_ORIGIN}/**`, forward);
}

async function signedInContext(email: string, nickname: string, userAgent?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: live.appUrl,
    viewport: userAgent ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...(userAgent ? { userAgent } : {}),
  });
  await routePortOne(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await page.waitForURL('**/fake/kakao/**');
  await page.locator('#kakao-email').fill(email);
  await page.locator('#kakao-nickname').fill(nickname);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();
  await page.waitForURL('**/main');
  if ((await popupText(page, 4_000).catch(() => '')) === PHONE_MESSAGE) await confirmPopup(page);
  await sql`update members set phone = '01012345678' where email = ${email}`.execute(live.server.db);
  await page.close();
  return context;
}

const LABEL = { card: '신용·체크카드', kakaopay: '카카오페이', naverpay: '네이버페이', tosspay: '토스페이' } as const;
const portOneWindow = (page: Page) => page.frameLocator('iframe[title="PortOne 결제창"]');

/** The payment page up to PortOne's window: method, installment, agreement, 결제하기. */
async function startPayment(
  page: Page,
  contentsids: number | string,
  choice: { method?: keyof typeof LABEL; installment?: number } = {},
): Promise<void> {
  await page.goto(`/payment/${contentsids}`);
  await page.locator('.checkout__pay:not([disabled])').waitFor();
  if (choice.method) await page.getByRole('radio', { name: LABEL[choice.method] }).check();
  if (choice.installment) await page.getByLabel('할부').selectOption(String(choice.installment));
  await page.locator('.checkout-agree input').check();
  await page.locator('.checkout__pay').click();
}

/** The store's order for a class, newest first, and PortOne's record of it. */
async function orderOf(contentsid: number, email = 'payer@live.kr') {
  const rows = (
    await sql<{ paymentid: number; status: string; paidamount: number; provider_payment_id: string }>`
      select p.paymentid, p.status, p.amount as paidamount, p.provider_payment_id from payments p
      join members m on m.useruid = p.useruid
      where m.email = ${email}
        and exists (select 1 from payment_items i where i.paymentid = p.paymentid and i.contentsid = ${contentsid})
      order by p.paymentid desc`.execute(live.server.db)
  ).rows;
  const order = rows[0]!;
  return { order, record: live.portone.store.find(order.provider_payment_id) };
}

const pointEntries = async (paymentid: number) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from points where paymentid = ${paymentid}`.execute(live.server.db)).rows[0]!
      .n,
  );

async function seesClassInMyClassroom(page: Page, title: string): Promise<void> {
  await page.goto('/myclass');
  await page.getByText(title).first().waitFor();
}

const titleOf = async (contentsid: number) =>
  (await sql<{ title: string }>`select title from lectures where contentsid = ${contentsid}`.execute(live.server.db)).rows[0]!
    .title;

/** The order's confirmation mail, once the mail job has sent it to the SMTP stand-in. */
async function confirmationOf(paymentid: number) {
  await live.server.mail!.sweep();
  await expect
    .poll(() => live.mail.mails().filter((m) => /주문 완료 안내/.test(m.subject) && m.text.includes(`주문 번호: ${paymentid}`)).length, { timeout: 20_000 })
    .toBe(1);
  return live.mail.mails().find((m) => m.text.includes(`주문 번호: ${paymentid}`))!;
}

describe('checkout with PortOne', () => {
  it('card approved: the class is in 내 강의실; PortOne recorded the card payment for the store', async () => {
    const page = await member.newPage();
    await startPayment(page, 104);
    await portOneWindow(page).getByText('신용·체크카드 결제').waitFor();
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const { order, record } = await orderOf(104);
    expect(order).toMatchObject({ status: 'paid', paidamount: 47000 });
    expect(record).toMatchObject({
      status: 'PAID',
      method: 'card',
      storeId: 'store-live-local',
      totalAmount: 47000,
      installmentMonth: 0,
    });
    await seesClassInMyClassroom(page, await titleOf(104));
    // 영수증 보기 is PortOne's own receipt of this payment, which the server recorded when it confirmed it.
    await page.goto(`/mypayment?paymentid=${order.paymentid}`);
    const receipt = page.getByTestId('receipt-link');
    expect(await receipt.getAttribute('href')).toBe(`${live.portone.url}/receipts/${encodeURIComponent(order.provider_payment_id)}`);
    expect(await page.getByTestId('receipt-print').count()).toBe(0);
    // One confirmation mail, as the member's mail server received it, with PortOne's receipt.
    const mail = await confirmationOf(order.paymentid);
    expect(mail.envelopeTo).toEqual(['payer@live.kr']);
    expect(mail.text).toContain('결제 금액: 47,000원');
    expect(mail.text).toContain(`영수증: ${live.portone.url}/receipts/${encodeURIComponent(order.provider_payment_id)}`);
    await page.close();
  });

  it.each([
    ['kakaopay', 105],
    ['naverpay', 107],
    ['tosspay', 108],
  ] as const)('%s: its own channel and window; approved, the order is paid', async (method, contentsid) => {
    const page = await member.newPage();
    await startPayment(page, contentsid, { method });
    await portOneWindow(page).getByText(`${LABEL[method]} 결제`).waitFor();
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const { order, record } = await orderOf(contentsid);
    expect(order.status).toBe('paid');
    expect(record).toMatchObject({ status: 'PAID', method, channelKey: `channel-key-live-${method}`, installmentMonth: null });
    await page.close();
  });

  it('an installment chosen on the page reaches PortOne', async () => {
    const page = await member.newPage();
    await startPayment(page, 109, { installment: 6 });
    await expect.poll(() => portOneWindow(page).locator('dd').allTextContents()).toContain('6개월');
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    expect((await orderOf(109)).record).toMatchObject({
      status: 'PAID',
      method: 'card',
      installmentMonth: 6,
      totalAmount: 82000,
    });
    await page.close();
  });

  it('declined: the member sees why, nothing is paid, and 결제하기 works again', async () => {
    const page = await member.newPage();
    await startPayment(page, 111);
    await portOneWindow(page).getByRole('button', { name: '거절' }).click();
    await expect.poll(() => page.locator('.checkout__message').textContent()).toContain('한도가 초과되었습니다');
    const { order, record } = await orderOf(111);
    expect(record?.status).toBe('FAILED');
    expect(order.status).not.toBe('paid');
    expect(await page.locator('.checkout__pay').getAttribute('aria-disabled')).toBe('false');
    await page.close();
  });

  it('window closed: a cancel, not a failure of the card; nothing is paid', async () => {
    const page = await member.newPage();
    await startPayment(page, 112);
    await portOneWindow(page).getByRole('button', { name: '창 닫기' }).click();
    await expect.poll(() => page.locator('.checkout__message').textContent()).toBe('결제가 취소되었습니다.');
    expect(await page.locator('iframe[title="PortOne 결제창"]').count()).toBe(0);
    expect((await orderOf(112)).order.status).not.toBe('paid');
    await page.close();
  });
});

describe('the webhook and the browser, in any order', () => {
  it('the webhook before the return: the return finds the order paid, the ledger is written once', async () => {
    const page = await member.newPage();
    // The browser's confirmation waits until PortOne's webhook has been answered.
    await page.route('**/api/Payment/UpdatePaid/**', async (route) => {
      await live.portone.webhooks.settled();
      await route.continue();
    });
    await startPayment(page, 113);
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const { order } = await orderOf(113);
    const delivered = live.portone.webhooks.deliveries.filter((d) => d.paymentId === order.provider_payment_id);
    expect(delivered.map((d) => [d.type, d.status])).toEqual([['Transaction.Paid', 200]]);
    expect(order.status).toBe('paid');
    expect(await pointEntries(order.paymentid)).toBe(1); // 5 % earned, once
    await page.close();
  });

  it('the webhook after the return, then delivered twice more with the same id: the order is paid once', async () => {
    const page = await member.newPage();
    live.portone.webhooks.hold();
    try {
      await startPayment(page, 114);
      await portOneWindow(page).getByRole('button', { name: '승인' }).click();
      await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    } finally {
      const late = await live.portone.webhooks.release();
      expect(late.map((d) => d.status)).toEqual([200]);
    }
    const { order, record } = await orderOf(114);
    const again = await live.portone.webhooks.send(
      { type: 'Transaction.Paid', payment: record! },
      { times: 2, id: 'whk_duplicate_114' },
    );
    expect(again.map((d) => d.status)).toEqual([200, 200]);
    expect((await orderOf(114)).order.status).toBe('paid');
    expect(await pointEntries(order.paymentid)).toBe(1);
    // The return and three webhooks confirmed one payment: one mail.
    await confirmationOf(order.paymentid);
    await live.server.mail!.sweep();
    await mailSettled(live.server.db);
    expect(live.mail.mails().filter((m) => m.text.includes(`주문 번호: ${order.paymentid}`))).toHaveLength(1);
    await page.close();
  });

  it('the webhook alone: the member closes the tab after paying, the order is paid and the class is theirs', async () => {
    const page = await member.newPage();
    live.portone.webhooks.hold();
    let closed!: Promise<void>;
    await page.route('**/api/Payment/UpdatePaid/**', async (route) => {
      closed = page.close(); // the tab is gone before the browser could confirm
      await route.abort().catch(() => {});
    });
    await startPayment(page, 116);
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForEvent('close');
    await closed;
    const { order: before } = await orderOf(116);
    expect(before.status).toBe('ready');
    expect((await live.portone.webhooks.release()).map((d) => d.status)).toEqual([200]);
    expect((await orderOf(116)).order.status).toBe('paid');
    const next = await member.newPage();
    await seesClassInMyClassroom(next, await titleOf(116));
    await next.close();
  });
});

describe('attacks', () => {
  it('an amount changed in the browser is charged at PortOne, then cancelled there and refused', async () => {
    const page = await member.newPage();
    // The member's own browser rewrites the request the SDK hands to PortOne.
    await page.addInitScript(() => {
      let sdk: { requestPayment(r: Record<string, unknown>): Promise<unknown> } | undefined;
      Object.defineProperty(window, 'PortOne', {
        configurable: true,
        get: () => sdk,
        set: (real: NonNullable<typeof sdk>) => {
          sdk = { requestPayment: (r) => real.requestPayment({ ...r, totalAmount: 1000 }) };
        },
      });
    });
    // The browser's confirmation first, PortOne's webhooks after it (the other order is the server's own test).
    live.portone.webhooks.hold();
    try {
      await startPayment(page, 119);
      await expect.poll(() => portOneWindow(page).locator('dd').allTextContents()).toContain('1,000원');
      await portOneWindow(page).getByRole('button', { name: '승인' }).click();
      await expect
        .poll(() => page.locator('.checkout__message').textContent(), { timeout: 20_000 })
        .toBe('결제 금액이 주문 금액과 일치하지 않습니다.');
    } finally {
      const late = await live.portone.webhooks.release();
      expect(late.map((d) => d.status).every((status) => status === 200)).toBe(true);
    }
    const { order, record } = await orderOf(119);
    expect(order.status).toBe('failed');
    expect(record).toMatchObject({ status: 'CANCELLED', totalAmount: 1000 });
    expect(record?.cancellations.map((c) => c.totalAmount)).toEqual([1000]);
    await page.goto('/myclass');
    expect(await page.getByText(await titleOf(119)).count()).toBe(0);
    await page.close();
  });

  it('refund of an unused order: the quote first, then PortOne cancels the whole charge and 결제내역 says 환불', async () => {
    const page = await member.newPage();
    const { order } = await orderOf(104);
    await page.goto(`/mypayment?paymentid=${order.paymentid}`);
    await page.getByTestId('refund-request').click();
    const dialog = page.locator('.swal2-popup');
    await dialog.locator('.popup-dark__lines').waitFor();
    expect(await dialog.locator('.popup-dark__lines li').allTextContents()).toContain('카드 환불 금액: 47,000원');
    await dialog.getByRole('button', { name: '47,000원 환불 신청' }).click();
    await expect.poll(() => page.locator('.swal2-popup .swal2-html-container').textContent()).toBe('47,000원 환불이 완료되었습니다.');
    await confirmPopup(page);
    expect(live.portone.store.find(order.provider_payment_id)).toMatchObject({ status: 'CANCELLED' });
    expect(live.portone.store.cancelledAmount(order.provider_payment_id)).toBe(47000);
    await expect.poll(() => page.locator('.payment-detail__head .status-badge').textContent()).toBe('환불완료');
    await page.close();
  });

  it('refund of an order one lecture of which was watched: PortOne cancels only the unwatched lectures\' share', async () => {
    const page = await member.newPage();
    await startPayment(page, '115,117');
    await portOneWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const { order } = await orderOf(117);
    // Opening a lecture of class 115 is its first play, which the server records when it issues the video.
    const video = (
      await sql<{ videoid: number }>`select videoid from videos where contentsid = 115 and not is_preview order by sort, videoid limit 1`.execute(live.server.db)
    ).rows[0]!.videoid;
    await page.goto(`/player/115?videoid=${video}`);
    await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from enrollments e join members m on m.useruid = e.useruid
      where m.email = 'payer@live.kr' and e.contentsid = 115 and e.first_play_at is not null`.execute(live.server.db)).rows[0]!.n).toBe(1);
    // Issue 42: one of 115's paid lectures played leaves the rest of 115 (by count) and all of 117 to refund.
    const count = (await sql<{ n: number }>`select count(*)::int as n from videos where contentsid = 115 and not is_preview`.execute(live.server.db)).rows[0]!.n;
    const price = async (id: number) =>
      (await sql<{ price: number }>`select price from payment_items where paymentid = ${order.paymentid} and contentsid = ${id}`.execute(live.server.db)).rows[0]!.price;
    const [p115, p117] = [await price(115), await price(117)];
    const share = Math.floor((p115 * (count - 1) + p117 * count) / count);
    const won = `${share.toLocaleString('ko-KR')}원`;

    await page.goto(`/mypayment?paymentid=${order.paymentid}`);
    await page.getByTestId('refund-request').click();
    const dialog = page.locator('.swal2-popup');
    await dialog.locator('.popup-dark__lines').waitFor();
    expect(await dialog.locator('.popup-dark__lines li').allTextContents()).toContain(`카드 환불 금액: ${won}`);
    await dialog.getByRole('button', { name: `${won} 환불 신청` }).click();
    await expect.poll(() => page.locator('.swal2-popup .swal2-html-container').textContent()).toBe(`${won} 환불이 완료되었습니다.`);
    await confirmPopup(page);
    expect(live.portone.store.find(order.provider_payment_id)).toMatchObject({ status: 'PARTIAL_CANCELLED' });
    expect(live.portone.store.cancelledAmount(order.provider_payment_id)).toBe(share);
    await expect.poll(() => page.getByTestId('payment-refunded').textContent()).toBe(`환불금액 ${won}`);
    await page.close();
  });

  it('a phone leaves for PortOne and returns through /paymentSuccess; replaying the return pays nothing twice', async () => {
    const phone = await signedInContext('phone-payer@live.kr', '이모바일', IPHONE_UA);
    const page = await phone.newPage();
    await startPayment(page, 120, { method: 'kakaopay' });
    await page.waitForURL(`${PORTONE_CHECKOUT_ORIGIN}/**`);
    await page.getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    const { order, record } = await orderOf(120, 'phone-payer@live.kr');
    expect(order.status).toBe('paid');
    expect(record).toMatchObject({ status: 'PAID', method: 'kakaopay' });
    const back = `/paymentSuccess?paymentid=${order.paymentid}&paymentId=${order.provider_payment_id}&transactionType=PAYMENT&txId=${record!.transactionId}`;
    await page.goto(back);
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    expect(await pointEntries(order.paymentid)).toBe(1);
    await phone.close();
  });
});
