import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, DEMO, newPage, popupText, signInLocal } from './support';
import { ROUTE_DATA_WAIT_MS } from '../src/api/prefetch';

const app = appUnderTest();
const won = (n: number) => `${new Intl.NumberFormat('ko-KR').format(n)}원`;
// Only the fields these journeys read from the API's `datas`.
type Datas = { accessToken: string; paymentid: number; pgtid: string; pointSum: number };

/** A member's API session beside the browser's: the test arranges orders the way the checkout would. */
async function apiAs(email: string) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'X-Storefront-Client': 'web/1.0' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(app.server.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { datas: Datas; respMessage?: string } };
  };
  const token = (await call('POST', '/local/auth/sign-in', { email, remember: false })).json.datas.accessToken;
  return (method: string, path: string, body?: unknown) => call(method, path, body, token);
}

async function salePrice(contentsid: number): Promise<{ title: string; saleprice: number }> {
  const res = await fetch(`${app.server.url}/api/Contents/GetOrderLectures/`, {
    method: 'POST',
    headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' },
    body: JSON.stringify({ contentsids: [contentsid] }),
  });
  return ((await res.json()) as { datas: { title: string; saleprice: number }[] }).datas[0]!;
}

async function addFromClassView(page: Page, contentsid: number) {
  await page.goto(`/classView/${contentsid}`);
  await page.getByRole('button', { name: '장바구니', exact: true }).click();
  expect(await popupText(page)).toBe('장바구니에 담았습니다.');
  await confirmPopup(page);
}

const headerCartLabel = (page: Page) => page.locator('.site-header a.cart-link').first().getAttribute('aria-label');

describe('cart journey of a member', () => {
  it('adds two classes → /mycart shows both with their total → removes one with 확인 → the header count follows → 구매하기', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.newMember.email);
    const [a, b] = [await salePrice(106), await salePrice(109)];
    await addFromClassView(page, 106);
    await addFromClassView(page, 109);

    await page.goto('/mycart');
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.allTextContents()).toEqual([expect.stringContaining(a.title), expect.stringContaining(b.title)]);
    expect(await page.getByTestId('cart-total').textContent()).toBe(won(a.saleprice + b.saleprice));
    await expect.poll(() => headerCartLabel(page)).toBe('장바구니 2건');

    // Unticking a line takes it out of the total only.
    await page.getByRole('checkbox', { name: `${a.title} 선택` }).uncheck();
    expect(await page.getByTestId('cart-total').textContent()).toBe(won(b.saleprice));
    await page.getByRole('checkbox', { name: `${a.title} 선택` }).check();

    // 취소 keeps the line; 확인 removes it.
    await page.getByRole('button', { name: `${a.title} 삭제` }).click();
    expect(await popupText(page)).toBe('이 클래스를 장바구니에서 삭제하시겠습니까?');
    await page.locator('.swal2-cancel').click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    expect(await lines.count()).toBe(2);
    await page.getByRole('button', { name: `${a.title} 삭제` }).click();
    await confirmPopup(page);
    await expect.poll(() => lines.count()).toBe(1);
    expect(await page.getByTestId('cart-total').textContent()).toBe(won(b.saleprice));
    await expect.poll(() => headerCartLabel(page)).toBe('장바구니 1건');
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.getByTestId('count-cart').textContent()).toBe('1');
    await page.keyboard.press('Escape');

    await page.goto('/mycart');
    await page.getByRole('button', { name: /구매하기/ }).click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe('/payment/109');
    await context.close();
  });

  it('removing the last line shows the empty cart with a way back to the classes', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    const api = await apiAs(DEMO.newMember.email);
    await api('GET', `/api/Cart/remove/lecture/${DEMO.newMember.useruid}/0`);
    await api('GET', `/api/Cart/add/lecture/${DEMO.newMember.useruid}/111`);
    await signInLocal(page, DEMO.newMember.email);
    await page.goto('/mycart');
    await page.getByRole('checkbox', { name: /전체 선택/ }).waitFor();
    await page.getByRole('button', { name: '선택 삭제' }).click();
    expect(await popupText(page)).toBe('선택한 클래스 1개를 장바구니에서 삭제하시겠습니까?');
    await confirmPopup(page);
    await page.getByText('장바구니에 담긴 클래스가 없습니다.').waitFor();
    await page.getByRole('link', { name: '클래스 둘러보기' }).click();
    await page.waitForURL('**/main');
    await context.close();
  });
});

describe('payment history and points of a member', () => {
  it('a paid order with a coupon and points → /mypayment lists it → detail → /mypoint balance and ledger', async () => {
    const api = await apiAs(DEMO.member.email);
    const before = (await api('GET', `/api/Point/GetPointSum/${DEMO.member.useruid}`)).json.datas.pointSum;
    const lecture = await salePrice(109);
    const amount = lecture.saleprice;
    const order = { coupondiscount: 5000, pointused: 1000 };
    const paidamount = amount - order.coupondiscount - order.pointused;
    const saved = await api('POST', '/api/Payment/Save/', {
      useruid: DEMO.member.useruid,
      contentsids: [109],
      title: lecture.title,
      amount,
      pointused: order.pointused,
      couponnumber: 'WELCOME5000',
      coupondiscount: order.coupondiscount,
      paidamount,
      paymethod: 'card',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const paymentid = saved.json.datas.paymentid;
    const tx = await api('POST', '/local/pay/transactions', { paymentid, amount: paidamount, method: 'card' });
    const pgtid = tx.json.datas.pgtid;
    await api('POST', `/local/pay/transactions/${pgtid}/approve`);
    const paid = await api('POST', '/api/Payment/UpdatePaid/', { paymentid, pgtid, amount: paidamount });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const earned = Math.floor(paidamount * 0.05);

    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    // The route's loader asks for the first page while the screen's code comes: the app's first render has the rows,
    // never the skeleton, unless the answer took longer than the loader waits for it (ROUTE_DATA_WAIT_MS).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="결제내역을 불러오는 중"]')) (window as { skeletonSeen?: boolean }).skeletonSeen = true;
      }).observe(document, { subtree: true, childList: true });
    });
    let historyAnswerMs = 0;
    page.on('requestfinished', (r) => {
      if (r.url().includes('/api/Payment/GetPaymentList/') && !historyAnswerMs) historyAnswerMs = r.timing().responseEnd;
    });
    await page.goto('/mypayment');
    const row = page.locator(`[data-testid="payment-row"][data-paymentid="${paymentid}"]`);
    await row.waitFor();
    if (await page.evaluate(() => (window as { skeletonSeen?: boolean }).skeletonSeen === true))
      expect(historyAnswerMs, 'the skeleton showed although the history was answered within the loader\'s wait').toBeGreaterThan(ROUTE_DATA_WAIT_MS);
    expect(await page.getByTestId('payment-row').first().getAttribute('data-paymentid')).toBe(String(paymentid));
    expect(await row.textContent()).toContain(lecture.title);
    expect(await row.textContent()).toContain('결제완료');
    expect(await row.textContent()).toContain(won(paidamount));

    await row.getByRole('link', { name: /상세보기/ }).click();
    await page.waitForURL(`**/mypayment?paymentid=${paymentid}`);
    const amounts = page.getByTestId('payment-amounts');
    await amounts.waitFor();
    const text = (await amounts.textContent()) ?? '';
    expect(text).toContain(`상품금액${won(amount)}`);
    expect(text).toContain(`-${won(order.coupondiscount)}`);
    expect(text).toContain('WELCOME5000');
    expect(text).toContain(`포인트 사용-${won(order.pointused)}`);
    expect(text).toContain(`최종 결제금액${won(paidamount)}`);
    const detail = page.getByTestId('payment-detail');
    await detail.getByRole('link', { name: lecture.title }).waitFor();
    expect(await detail.textContent()).toContain(pgtid);
    expect(await detail.textContent()).toContain('신용카드');

    // Another member's order number in the address shows the not-found card (no retry), not the order.
    await page.goto('/mypayment?paymentid=999999');
    await page.getByRole('heading', { name: '없는 결제내역입니다.' }).waitFor();
    expect(await page.getByRole('link', { name: '목록으로' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
    expect(await page.getByTestId('payment-detail').count()).toBe(0);

    await page.goto('/mypoint');
    const balance = new Intl.NumberFormat('ko-KR').format(before - order.pointused + earned);
    await expect.poll(() => page.getByTestId('point-balance').textContent()).toBe(`${balance} P`);
    const ledger = page.getByTestId('point-line');
    expect(await ledger.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`결제 적립.*주문번호 ${paymentid}.*\\+${new Intl.NumberFormat('ko-KR').format(earned)} P`),
        ),
      ]),
    );
    expect(await ledger.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/결제 시 사용.*-1,000 P/)]));
    await page.getByRole('tab', { name: '사용' }).click();
    await expect.poll(() => page.getByRole('tab', { name: '사용' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => (await ledger.allTextContents()).every((t) => t.includes('사용'))).toBe(true);
    await context.close();
  });
});
