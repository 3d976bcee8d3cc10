/**
 * Screenshots of the payment page's 결제수단 chooser with the installment select, the demo's test window showing the
 * method and installment it received, and the fake PortOne payment window, at 390 px and 1280 px, into
 * /tmp/shots-checkout-methods/. Usage: npx tsx scripts/screenshots-checkout-methods.ts   (builds unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostedCheckout } from '../fakes/portone/hostedCheckout';
import { newPage, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-checkout-methods';

/** The hosted window on its own, with a store that only remembers (no REST API needed for a picture). */
async function standaloneWindow() {
  const handle = hostedCheckout({ store: { createPayment: () => {}, approve: () => {}, fail: () => {} } });
  const server = createServer((req, res) => {
    void handle(req, res).then((done) => {
      // Anything else is an empty shop page on the fake's origin, for the hosted script to open its window over.
      if (!done) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>shop</title>');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const windowRequest = (method: 'card' | 'kakaopay') => ({
  storeId: 'store-live-local',
  channelKey: method === 'card' ? 'channel-key-card' : 'channel-key-kakaopay',
  paymentId: '7012',
  orderName: '매트 필라테스 중급 시퀀스 외 1건',
  totalAmount: 108000,
  currency: 'CURRENCY_KRW',
  ...(method === 'card'
    ? { payMethod: 'CARD', card: { installment: { monthOption: { fixedMonth: 3 } } } }
    : { payMethod: 'EASY_PAY', easyPay: { easyPayProvider: 'KAKAOPAY' } }),
});

async function main() {
  mkdirSync(OUT, { recursive: true });
  const fake = await standaloneWindow();
  try {
    await withAppAndBrowser(async (server, browser) => {
      for (const width of [390, 1280]) {
        const height = width < 600 ? 844 : 800;
        const { context, page } = await newPage(browser, server.url, { width, height });
        await signInLocal(page, DEMO.member.email);
        await page.goto('/payment/104,106');
        await page.locator('.checkout__pay:not([disabled])').waitFor();
        await page.getByLabel('할부').selectOption('3');
        await page.locator('.pay-methods').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${OUT}/methods-card-installment-${width}.png`, fullPage: true });
        await page.getByRole('radio', { name: '카카오페이' }).check();
        await page.locator('.pay-methods').screenshot({ path: `${OUT}/methods-kakaopay-${width}.png` });
        await page.getByRole('radio', { name: '신용·체크카드' }).check();
        await page.locator('.checkout-agree input').check();
        await page.locator('.checkout__pay').click();
        await page.locator('dialog.card-window').getByText('테스트 결제창').waitFor();
        await page.screenshot({ path: `${OUT}/local-window-${width}.png` });
        await page.locator('dialog.card-window').getByRole('button', { name: '취소' }).click();
        await context.close();

        const { context: c2, page: portone } = await newPage(browser, fake.url, { width, height });
        // As a shop page sees it: the hosted script's overlay with the window framed in it.
        for (const method of ['card', 'kakaopay'] as const) {
          await portone.goto('/shop');
          await portone.addScriptTag({ url: `${fake.url}/v2/browser-sdk.js` });
          await portone.evaluate((request) => {
            void (window as unknown as { PortOne: { requestPayment(r: unknown): Promise<unknown> } }).PortOne.requestPayment(
              request,
            );
          }, windowRequest(method));
          await portone.frameLocator('iframe[title="PortOne 결제창"]').getByRole('button', { name: '승인' }).waitFor();
          await portone.screenshot({ path: `${OUT}/portone-window-${method}-${width}.png` });
        }
        await c2.close();
      }
    });
  } finally {
    fake.close();
  }
}

await main();
