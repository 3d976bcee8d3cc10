/**
 * A stand-in for PortOne's hosted browser checkout: the `browser-sdk.js` that `@portone/browser-sdk/v2` loads from
 * `https://cdn.portone.io/v2/browser-sdk.js` at run time, and the payment window it opens. The npm package only
 * injects that script and calls `window.PortOne.requestPayment(request)`; this script answers it as PortOne's does:
 *
 * - on a desktop browser, an overlay with the payment window in an iframe (PortOne's default window for most PGs);
 *   the promise resolves with `{ transactionType, paymentId, txId }`, plus `code`, `message`, `pgCode`, `pgMessage`
 *   when the payment failed or the member closed the window;
 * - on a phone (or with `windowType.pc: 'REDIRECTION'` / `forceRedirect`), the window replaces the page and returns
 *   to `redirectUrl` with the same fields as query parameters.
 *
 * The window shows what it received (order, amount, method, easy-pay provider, installment, channel) and offers
 * 승인 / 거절 / 창 닫기. Its answer writes PortOne's record through the fake's store, which the store's server later
 * reads through the REST API (and the webhook sender announces).
 *
 * Served by the fake PortOne (fakes/portone). Browser tests route `https://cdn.portone.io/**` and PortOne's checkout
 * host `https://checkout-service.prod.iamport.co/**` to the fake, so the app runs under the CSP it ships with.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreatePaymentInput, FakeMethod } from './store.ts';

/** PortOne's checkout host (the window's origin): the CSP's frame-src names it (server/http/securityHeaders.ts). */
export const PORTONE_CHECKOUT_ORIGIN = 'https://checkout-service.prod.iamport.co';
export const PORTONE_CDN_ORIGIN = 'https://cdn.portone.io';

type HostedPayMethod = FakeMethod;
/** What the window records at PortOne: the fake store's own input. */
type HostedPaymentRecord = CreatePaymentInput;

/** The part of the fake's store the window writes to. */
interface HostedCheckoutStore {
  createPayment(input: HostedPaymentRecord): unknown;
  approve(paymentId: string): unknown;
  fail(paymentId: string, reason: string): unknown;
}

interface HostedCheckoutOptions {
  store: HostedCheckoutStore;
  /** The record's transaction id after the answer (PortOne's `txId`); default: a new one per attempt. */
  txIdOf?: (paymentId: string) => string | undefined;
  /** Every request the window received, in order, for tests. */
  received?: unknown[];
}

type Decision = 'approve' | 'decline' | 'close';

interface SdkRequest {
  storeId?: string;
  channelKey?: string;
  paymentId?: string;
  orderName?: string;
  totalAmount?: number;
  currency?: string;
  payMethod?: string;
  customData?: unknown;
  redirectUrl?: string;
  card?: { installment?: { monthOption?: { fixedMonth?: number } } };
  easyPay?: { easyPayProvider?: string };
}

const EASY_PAY: Record<string, HostedPayMethod> = { KAKAOPAY: 'kakaopay', NAVERPAY: 'naverpay', TOSSPAY: 'tosspay' };
const LABEL: Record<HostedPayMethod, string> = {
  card: '신용·체크카드',
  kakaopay: '카카오페이',
  naverpay: '네이버페이',
  tosspay: '토스페이',
};
/** What PortOne answers when the member closes the window (its documented cancel). */
const CLOSED = {
  code: 'FAILURE_TYPE_PG',
  pgCode: 'PAY_PROCESS_CANCELED',
  message: '[PAY_PROCESS_CANCELED] 사용자가 결제를 취소하였습니다',
};
const DECLINED = {
  code: 'FAILURE_TYPE_PG',
  pgCode: 'CARD_LIMIT_EXCEEDED',
  message: '[CARD_LIMIT_EXCEEDED] 한도가 초과되었습니다.',
};

/** The record a request makes, or why the request is not one PortOne would accept. */
function recordOf(r: SdkRequest): HostedPaymentRecord | string {
  if (!r.storeId || !r.channelKey || !r.paymentId || !r.orderName)
    return 'storeId, channelKey, paymentId and orderName are required';
  if (!Number.isInteger(r.totalAmount) || (r.totalAmount ?? 0) <= 0) return 'totalAmount must be a positive integer';
  const base = {
    paymentId: r.paymentId,
    storeId: r.storeId,
    channelKey: r.channelKey,
    orderName: r.orderName,
    totalAmount: r.totalAmount!,
    currency: (r.currency ?? '').replace(/^CURRENCY_/, ''),
    customData:
      r.customData === undefined ? null : typeof r.customData === 'string' ? r.customData : JSON.stringify(r.customData),
  };
  if (r.payMethod === 'CARD')
    return { ...base, method: 'card', installmentMonth: r.card?.installment?.monthOption?.fixedMonth ?? 0 };
  if (r.payMethod === 'EASY_PAY') {
    const method = EASY_PAY[r.easyPay?.easyPayProvider ?? ''];
    return method ? { ...base, method, installmentMonth: null } : 'easyPay.easyPayProvider must be KAKAOPAY, NAVERPAY or TOSSPAY';
  }
  return `payMethod ${String(r.payMethod)} is not offered by this store's channels`;
}

const decodeRequest = (encoded: string): SdkRequest =>
  JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SdkRequest;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  });
  res.end(body);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The route handler the fake PortOne mounts: true when it answered the request. */
export function hostedCheckout(options: HostedCheckoutOptions) {
  let attempts = 0;
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/v2/browser-sdk.js') {
      send(res, 200, 'text/javascript', BROWSER_SDK);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v2/fake-checkout') {
      const request = decodeRequest(url.searchParams.get('request') ?? '');
      options.received?.push(request);
      send(res, 200, 'text/html', windowPage(request, url.searchParams.get('mode') === 'redirect'));
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/v2/fake-checkout/answer') {
      const { request, decision } = (await readJson(req)) as { request: string; decision: Decision };
      const sdkRequest = decodeRequest(request);
      const record = recordOf(sdkRequest);
      if (typeof record === 'string') {
        send(
          res,
          200,
          'application/json',
          JSON.stringify({
            transactionType: 'PAYMENT',
            paymentId: sdkRequest.paymentId,
            code: 'INVALID_REQUEST',
            message: record,
          }),
        );
        return true;
      }
      attempts += 1;
      let failure: typeof CLOSED | null = decision === 'approve' ? null : decision === 'decline' ? DECLINED : CLOSED;
      try {
        await options.store.createPayment(record);
        if (failure) await options.store.fail(record.paymentId, failure.message);
        else await options.store.approve(record.paymentId);
      } catch (error) {
        // PortOne refuses a second payment of a paid paymentId (ALREADY_PAID) and the like: the window says why.
        failure = { code: 'FAILURE_TYPE_PG', pgCode: 'REFUSED', message: error instanceof Error ? error.message : String(error) };
      }
      const txId = options.txIdOf?.(record.paymentId) ?? `fake-tx-${attempts}`;
      const answer = {
        transactionType: 'PAYMENT',
        paymentId: record.paymentId,
        txId,
        ...(failure ?? {}),
        ...(failure ? { pgMessage: failure.message } : {}),
      };
      send(res, 200, 'application/json', JSON.stringify(answer));
      return true;
    }
    return false;
  };
}

function windowPage(request: SdkRequest, redirect: boolean): string {
  const record = recordOf(request);
  const row = (term: string, value: string) => `<div><dt>${escape(term)}</dt><dd>${escape(value)}</dd></div>`;
  const facts =
    typeof record === 'string'
      ? `<p class="error" role="alert">${escape(record)}</p>`
      : `<dl>${[
          row('상점', record.storeId),
          row('주문', record.orderName),
          row('주문번호', record.paymentId),
          row('결제 금액', `${record.totalAmount.toLocaleString('ko-KR')}원`),
          row('결제수단', LABEL[record.method]),
          ...(record.method === 'card'
            ? [row('할부', record.installmentMonth && record.installmentMonth >= 2 ? `${record.installmentMonth}개월` : '일시불')]
            : []),
          row('채널', record.channelKey),
        ].join('')}</dl>`;
  const title = typeof record === 'string' ? '결제 요청 오류' : `${LABEL[record.method]} 결제`;
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PortOne 테스트 결제창</title><style>${WINDOW_CSS}</style></head><body>
<main class="window" aria-labelledby="title">
<p class="badge">PortOne 테스트 결제창 · 실제 결제가 아닙니다</p>
<h1 id="title">${escape(title)}</h1>
${facts}
<p class="hint">PG사의 응답을 선택하세요.</p>
<div class="actions">
<button type="button" data-answer="close">창 닫기</button>
<button type="button" data-answer="decline" ${typeof record === 'string' ? 'disabled' : ''}>거절</button>
<button type="button" data-answer="approve" class="primary" ${typeof record === 'string' ? 'disabled' : ''}>승인</button>
</div></main>
<script>${WINDOW_SCRIPT}(${JSON.stringify({ redirect, redirectUrl: request.redirectUrl ?? '' }).replace(/</g, '\\u003c')});</script>
</body></html>`;
}

/**
 * Runs in the window: sends the answer to the fake, then hands PortOne's response to the SDK (postMessage to the
 * page that framed it) or to the redirectUrl. Plain JavaScript text: it runs in the browser, not in Node.
 */
const WINDOW_SCRIPT = `(function (settings) {
  var encoded = new URLSearchParams(location.search).get('request') || '';
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-answer]'));
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      buttons.forEach(function (b) { b.disabled = true; });
      fetch('/v2/fake-checkout/answer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ request: encoded, decision: button.getAttribute('data-answer') })
      }).then(function (r) { return r.json(); }).then(function (answer) {
        if (settings.redirect) {
          var back = new URL(settings.redirectUrl);
          Object.keys(answer).forEach(function (k) { back.searchParams.set(k, String(answer[k])); });
          location.replace(back.toString());
        } else {
          parent.postMessage({ portoneFakeCheckout: answer }, '*');
        }
      });
    });
  });
  var first = buttons.filter(function (b) { return b.getAttribute('data-answer') === 'approve' && !b.disabled; })[0] || buttons[0];
  if (first) first.focus();
})`;

const WINDOW_CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#1d1d1f;background:#fff}
.window{max-width:480px;margin:0 auto;padding:24px 22px}
.badge{display:inline-block;margin:0 0 12px;padding:4px 10px;border-radius:999px;background:#eef3ff;color:#1b3f99;font-size:12px;font-weight:700}
h1{margin:0 0 16px;font-size:20px}
dl{margin:0;border-top:1px solid #e6e6ea}dl div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #e6e6ea}
dt{color:#6b6b70;flex:none}dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
.hint{margin:16px 0 12px;color:#6b6b70;font-size:13px}.error{color:#b3261e;font-weight:600}
.actions{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
button{min-height:48px;border:1px solid #c9c9cf;border-radius:8px;background:#fff;font:inherit;font-weight:700;cursor:pointer}
button.primary{background:#1b3f99;border-color:#1b3f99;color:#fff}button:disabled{opacity:.5;cursor:default}
button:focus-visible{outline:2px solid #1b3f99;outline-offset:2px}`;

/**
 * `window.PortOne` as the hosted script defines it (only `requestPayment`; the store uses nothing else). The
 * window's origin is PortOne's checkout host when the script came from PortOne's CDN (a routed test), otherwise the
 * fake's own origin. Plain JavaScript text, as the real script is.
 */
const BROWSER_SDK = `(function () {
  var script = document.currentScript;
  var scriptOrigin = new URL(script && script.src ? script.src : location.href).origin;
  var checkoutOrigin = scriptOrigin === ${JSON.stringify(PORTONE_CDN_ORIGIN)} ? ${JSON.stringify(PORTONE_CHECKOUT_ORIGIN)} : scriptOrigin;
  var phone = /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);
  function encode(value) {
    var bytes = new TextEncoder().encode(JSON.stringify(value));
    var text = '';
    for (var i = 0; i < bytes.length; i += 1) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
  }
  function requestPayment(request) {
    var windowType = request.windowType || {};
    var chosen = phone ? windowType.mobile : windowType.pc;
    var redirect = !!request.redirectUrl && (request.forceRedirect || chosen === 'REDIRECTION' || (phone && !chosen));
    var page = checkoutOrigin + '/v2/fake-checkout?mode=' + (redirect ? 'redirect' : 'iframe') + '&request=' + encode(request);
    if (redirect) {
      location.assign(page);
      return Promise.resolve(undefined);
    }
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-portone-fake', '');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;padding:12px';
      var frame = document.createElement('iframe');
      frame.title = 'PortOne 결제창';
      frame.src = page;
      frame.style.cssText = 'width:min(440px,100%);height:min(560px,100%);border:0;border-radius:14px;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.3)';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function onMessage(event) {
        if (event.origin !== checkoutOrigin || event.source !== frame.contentWindow) return;
        var answer = event.data && event.data.portoneFakeCheckout;
        if (!answer) return;
        window.removeEventListener('message', onMessage);
        overlay.remove();
        resolve(answer);
      }
      window.addEventListener('message', onMessage);
    });
  }
  window.PortOne = { requestPayment: requestPayment };
})();
`;
