import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appUnderTest, DEMO, signedInPage } from './support';

const app = appUnderTest();

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Payment {
  paymentid: number;
  contentsids: number[];
  status: string;
  paidamount: number;
  pgtid: string | null;
}

/** The API as the signed-in member sees it (token from the browser's cookie): what the server recorded. */
async function memberApi(context: BrowserContext) {
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'pilates_accessToken')!.value);
  const call = async (path: string, body?: unknown) => {
    const r = await fetch(`${app.server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return ((await r.json()) as { datas: unknown }).datas;
  };
  return {
    /** The orders (paid) and, unless a view is named, the 결제 시도 that never were paid too. */
    payments: async (contentsid: number, only?: 'orders' | 'attempts') => {
      const list = async (view: 'orders' | 'attempts') =>
        (
          (await call('/api/Payment/GetPaymentList/', { page: 1, pageSize: 50, useruid: DEMO.member.useruid, view })) as {
            list: Payment[];
          }
        ).list;
      const all = only ? await list(only) : [...(await list('orders')), ...(await list('attempts'))];
      return all.filter((p) => p.contentsids.includes(contentsid)).sort((a, b) => a.paymentid - b.paymentid);
    },
    pointSum: async () => ((await call(`/api/Point/GetPointSum/${DEMO.member.useruid}`)) as { pointSum: number }).pointSum,
  };
}

/** The demo member in a new context (signed in once per file: support.ts signedInPage); `mobile`: an iPhone's. */
async function signedIn(mobile = false) {
  const { context, page } = await signedInPage(
    app.browser,
    app.server.url,
    DEMO.member.email,
    mobile ? { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA } : {},
  );
  return { context, page, api: await memberApi(context) };
}

/** Opens the payment page and waits until its lectures and the owned check have answered (결제하기 enabled). */
async function openPayment(page: Page, ids: string) {
  await page.goto(`/payment/${ids}`);
  await page.locator('.checkout__pay:not([disabled])').waitFor();
}

const payButton = (page: Page) => page.locator('.checkout__pay');
const cardWindow = (page: Page) => page.locator('dialog.card-window');

describe('checkout journeys (real server, local test card)', () => {
  it('two classes with a coupon and points through the card window (승인) → receipt; the server recorded it once', async () => {
    const { context, page, api } = await signedIn();
    const before = await api.pointSum();
    expect(before).toBeGreaterThan(0);
    // 104 and 106 (108,000원) − WELCOME5000 − every point the member holds (the seed's ledger, issue 42 finding 9).
    const charged = 108000 - 5000 - before;
    const won = `${charged.toLocaleString('ko-KR')}원`;
    await openPayment(page, '104,106');
    expect(await page.locator('.checkout-lectures__name').allTextContents()).toEqual([
      '매트 필라테스 중급 시퀀스',
      '전신 근력 매트 클래스',
    ]);
    await page.getByLabel('쿠폰 번호').fill('EXPIRED01');
    await page.getByRole('button', { name: '적용' }).click();
    await expect.poll(() => page.locator('.checkout__field-message').textContent()).toBe('사용 기간이 지난 쿠폰입니다.');
    await page.getByLabel('쿠폰 번호').fill('WELCOME5000');
    await page.getByRole('button', { name: '적용' }).click();
    await page.locator('.checkout-applied').waitFor();
    await page.getByRole('button', { name: '전액 사용' }).click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(won);
    await payButton(page).click();
    expect(await page.locator('.checkout__message').textContent()).toBe('주문 내용 확인 및 결제 진행에 동의해주세요.');
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await cardWindow(page).getByText('테스트 결제창').waitFor();
    expect(await cardWindow(page).locator('.card-window__amount').textContent()).toBe(won);
    await cardWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe(won);
    // The receipt names the order by its title until the lectures arrive; wait for the list itself.
    await expect.poll(() => page.locator('.receipt__lectures').textContent()).toContain('전신 근력 매트 클래스');
    expect(await page.getByRole('link', { name: '내 강의실로' }).getAttribute('href')).toBe('/myclass');
    expect(await page.getByRole('link', { name: '결제내역' }).getAttribute('href')).toBe('/mypayment');

    const paid = (await api.payments(106)).filter((p) => p.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ contentsids: [104, 106], paidamount: charged });
    expect(paid[0]!.pgtid).toMatch(/^LPT-/);
    expect(await api.pointSum()).toBe(Math.floor(charged * 0.05)); // all points spent, 5 % earned

    // The class is now the member's: the class view offers 바로 수강하기 and no buy buttons.
    await page.goto('/classView/106');
    await page.getByRole('link', { name: '바로 수강하기' }).waitFor();
    expect(await page.getByRole('button', { name: '바로 구매' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '장바구니' }).count()).toBe(0);
    // A class not yet owned: 바로 구매 opens its payment page.
    await page.goto('/classView/113');
    await page.getByRole('button', { name: '바로 구매' }).click();
    await page.waitForURL('**/payment/113');
    await expect.poll(() => page.locator('.checkout-lectures__name').allTextContents()).toEqual(['허리디스크 운동 가이드']);
    await context.close();
  });

  it('거절: the page says so, the order is failed, nothing is charged and the member can pay again', async () => {
    const { context, page, api } = await signedIn();
    await openPayment(page, '107');
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await cardWindow(page).getByRole('button', { name: '거절' }).click();
    await expect.poll(() => page.locator('.checkout__message').textContent()).toBe('카드 결제가 거절되었습니다.');
    expect(await payButton(page).isEnabled()).toBe(true);
    const orders = await api.payments(107);
    expect(orders.map((p) => p.status)).toEqual(['failed']);
    // A declined attempt is not an order: 결제내역 lists it only under 결제 시도.
    expect(await api.payments(107, 'orders')).toEqual([]);
    await page.goto('/mypayment');
    await page.getByRole('tab', { name: '결제 시도' }).click();
    await expect.poll(() => page.getByTestId('payment-list').textContent()).toContain('결제취소');
    await context.close();
  });

  it('a free class from its class view: 수강 신청, one confirmation, no payment page → the result with the supplier', async () => {
    const { context, page, api } = await signedIn();
    await page.goto('/classView/118');
    await page.getByRole('button', { name: '수강 신청' }).click();
    await page.locator('.swal2-popup').getByText('수강 신청하시겠습니까?').waitFor();
    await page.locator('.swal2-confirm').click();
    await page.waitForURL(/\/paymentResultFree\?paymentid=\d+/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('수강 신청이 완료되었습니다');
    const terms = page.getByTestId('order-terms');
    await expect.poll(() => terms.textContent()).toContain('214-82-13468');
    expect(await terms.textContent()).toContain('무료 수강 신청은 결제한 금액이 없어 환불 대상이 아닙니다.');
    expect((await api.payments(118)).map((p) => [p.status, p.paidamount])).toEqual([['paid', 0]]);
    await context.close();
  });

  it('a free class → /paymentResultFree without the card window', async () => {
    const { context, page, api } = await signedIn();
    await openPayment(page, '103');
    expect(await payButton(page).textContent()).toBe('무료로 수강 신청하기');
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await page.waitForURL(/\/paymentResultFree\?paymentid=\d+/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('수강 신청이 완료되었습니다');
    expect((await api.payments(103)).map((p) => [p.status, p.paidamount])).toEqual([['paid', 0]]);
    await context.close();
  });

  it('a class the member owns: the owned check names it and offers to drop it', async () => {
    const { context, page } = await signedIn();
    await page.goto('/payment/101,110');
    await page.locator('.checkout-notice').waitFor();
    expect(await page.locator('.checkout-notice__message').textContent()).toBe(
      '이미 구매한 클래스입니다: 처음 만나는 매트 필라테스',
    );
    await page.getByRole('button', { name: '구매한 클래스를 빼고 결제하기' }).click();
    expect(await page.locator('.checkout-lectures__name').allTextContents()).toEqual(['캐딜락 입문']);
    await context.close();
  });

  it('ten rapid clicks on 결제하기 → one order, one card transaction, one charge', async () => {
    const { context, page, api } = await signedIn();
    let transactions = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/local/pay/transactions')) transactions++;
    });
    await openPayment(page, '108');
    await page.locator('.checkout-agree input').check();
    // Ten clicks in one task, before React can disable the button: only the machine can stop them.
    await page.evaluate(() => {
      const b = document.querySelector<HTMLButtonElement>('.checkout__pay')!;
      for (let i = 0; i < 10; i++) b.click();
    });
    await cardWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult/);
    const orders = await api.payments(108);
    expect(orders.map((p) => p.status)).toEqual(['paid']);
    expect(transactions).toBe(1);
    await context.close();
  });

  it('redirect-style (phone): 승인 returns through /paymentSuccess to the receipt; 거절 through /paymentFail', async () => {
    const { context, page, api } = await signedIn(true);
    await openPayment(page, '109');
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await cardWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentSuccess\?paymentId=\d+&txId=LPT-/);
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe('82,000원');
    expect((await api.payments(109)).map((p) => p.status)).toEqual(['paid']);

    await openPayment(page, '112');
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await cardWindow(page).getByRole('button', { name: '거절' }).click();
    await page.waitForURL(/\/paymentFail\?/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('결제 실패');
    expect(await page.locator('.outcome__lead').textContent()).toBe('카드 결제가 거절되었습니다. 결제된 금액은 없습니다.');
    await page.getByRole('link', { name: '다시 결제하기' }).click();
    await page.waitForURL('**/payment/112');
    await page.locator('.checkout__pay').waitFor();
    expect((await api.payments(112)).map((p) => p.status)).toEqual(['failed']);
    await context.close();
  });

  it('the point balance cannot be read: the points row says so, and the order is paid by card without points', async () => {
    const { context, page, api } = await signedIn();
    await page.route('**/api/Point/GetPointSum/**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }),
    );
    await openPayment(page, '115');
    const points = page.locator('section[aria-labelledby="checkout-points"]');
    await expect.poll(() => points.getByRole('alert').textContent()).toContain('정보를 불러오지 못했습니다.');
    expect(await points.textContent()).toContain('포인트 없이 쿠폰과 카드로 결제할 수 있습니다.');
    expect(await points.textContent()).not.toContain('보유');
    expect(await page.locator('#point-amount').count()).toBe(0);
    await page.locator('.checkout-agree input').check();
    await payButton(page).click();
    await cardWindow(page).getByRole('button', { name: '승인' }).click();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe('44,000원');
    expect((await api.payments(115)).map((p) => [p.status, p.paidamount])).toEqual([['paid', 44000]]);
    await context.close();
  });

  it('the lecture list cannot be read: a message with 다시 시도 where the lectures go, 결제하기 off with its reason', async () => {
    const { context, page } = await signedIn();
    let fail = true;
    await page.route('**/api/Contents/GetOrderLectures/', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }) : route.fallback(),
    );
    await page.goto('/payment/114');
    const lectures = page.locator('section[aria-labelledby="checkout-lectures"]');
    await expect.poll(() => lectures.getByRole('alert').textContent()).toContain('정보를 불러오지 못했습니다.');
    expect(await payButton(page).isDisabled()).toBe(true);
    expect(await page.locator('#checkout-pay-blocked').textContent()).toBe('주문 클래스를 불러오지 못해 결제할 수 없습니다.');
    fail = false;
    await lectures.getByRole('button', { name: '다시 시도' }).click();
    await page.locator('.checkout__pay:not([disabled])').waitFor();
    expect(await page.locator('.checkout-lectures__name').count()).toBe(1);
    expect(await page.locator('#checkout-pay-blocked').count()).toBe(0);
    await context.close();
  });

  it('a reload while the payment is being confirmed completes the order once', async () => {
    const { context, page, api } = await signedIn();
    await openPayment(page, '111');
    await page.locator('.checkout-agree input').check();
    // The confirmation never reaches the server: the card is approved, the page shows "결제 확인 중".
    await page.route('**/api/Payment/UpdatePaid/', (route) => route.abort('internetdisconnected'));
    await payButton(page).click();
    await cardWindow(page).getByRole('button', { name: '승인' }).click();
    await page.getByRole('heading', { name: '결제 확인 중' }).waitFor();
    expect((await api.payments(111)).map((p) => p.status)).toEqual(['ready']);
    await page.unroute('**/api/Payment/UpdatePaid/');
    let cardWindows = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/local/pay/transactions')) cardWindows++;
    });
    await page.reload();
    await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
    await expect.poll(() => page.getByTestId('paid-amount').textContent()).toBe('76,800원');
    expect((await api.payments(111)).map((p) => p.status)).toEqual(['paid']);
    expect(cardWindows).toBe(0);
    await context.close();
  });
});
