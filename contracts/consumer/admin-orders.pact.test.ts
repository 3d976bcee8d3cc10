import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import {
  checkAdminRefund,
  fetchAdminOrder,
  fetchAdminOrders,
  fetchAdminUnsettledRefunds,
  ORDER_PAGE_SIZE,
  refundAdminOrder,
  retryAdminRefund,
} from '../../src/api/queries/admin-orders';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-orders` tag (issue 39): the orders list and one order for the owner and operators, a
 * refund from the console (part of an order, and one above what is left), and the refund claims waiting for 확인.
 * The order is new@demo.kr's (u-demo-2) 9101 of class 104, 42,000원 by card, nothing refunded (the state resets it).
 */
const { boolean, eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const ORDER = { paymentid: 9101, useruid: 'u-demo-2', contentsid: 104, amount: 42000 };
const PAID_ORDER = ['an order is paid by card', ORDER] as const;
const claimOf = (refundid: number, cancelled: boolean) =>
  ['a refund claim of the order waits for 확인', { ...ORDER, refundid, claimed: 10000, cancelled }] as const;
const pact = storefrontApiPact();

const orderRow = {
  paymentid: 9101,
  title: string('코어 안정화 클래스'),
  member: string('신*원'),
  email: string('ne*@demo.kr'),
  useruid: 'u-demo-2',
  amount: integer(42000),
  paidamount: 42000,
  refundedamount: 0,
  status: 'paid',
  method: 'card',
  installmentmonth: 0,
  regdate: regex(DATE_TIME, '2024-05-01T10:00:00+09:00'),
  paiddate: regex(DATE_TIME, '2024-05-01T10:01:00+09:00'),
  unsettled: false,
};

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console order calls (storefront-web → storefront-api)', () => {
  it("ListAdminOrders: a member's paid card orders, masked, for an operator", () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...PAID_ORDER)
      .uponReceiving("a list of u-demo-2's paid card orders by member u-demo-1, an operator")
      .withRequest('POST', '/api/Admin/Orders/List', (b) =>
        b.headers(headers).jsonBody({ member: 'u-demo-2', status: 'paid', method: 'card', limit: ORDER_PAGE_SIZE, before: null }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: eachLike(orderRow), nextBefore: null })))
      .executeTest(async (server) => {
        const page = await fetchAdminOrders({ member: 'u-demo-2', status: 'paid', method: 'card' }, null, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ paymentid: 9101, status: 'paid', method: 'card' });
      }));

  it('ListAdminOrders: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('a list of the orders by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Orders/List', (b) => b.headers(headers).jsonBody({ limit: ORDER_PAGE_SIZE, before: null }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminOrders({}, null, clientFor(server.url))).rejects.toMatchObject({ status: 403, message: CONSOLE_REFUSALS.wrongRole });
      }));

  it("GetAdminOrder: the order with its line, what is left to refund and the demo ledger's record", () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...PAID_ORDER)
      .uponReceiving('order 9101 by member u-demo-1, the owner')
      .withRequest('GET', '/api/Admin/Orders/9101', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            ...orderRow,
            pointused: 0,
            couponnumber: null,
            coupondiscount: 0,
            cancellable: 42000,
            providerpaymentid: string('pay-3f2b8c1e5d4a4e7b9c1d2a6f8e0b7c31'),
            pgtid: 'pact-tx-9101',
            receipturl: null,
            cancelleddate: null,
            lines: eachLike({
              contentsid: 104,
              title: string('코어 안정화 클래스'),
              price: 42000,
              refunded: false,
              accessends: regex(DATE_TIME, '2099-12-31T23:59:59+09:00'),
              firstused: null,
            }),
            refunds: [],
            provider: {
              source: 'demo',
              paymentid: 'pact-tx-9101',
              status: 'PAID',
              totalamount: 42000,
              cancelledamount: 0,
              currency: 'KRW',
              method: 'card',
              installmentmonth: null,
              txid: 'pact-tx-9101',
              paidat: null,
              receipturl: null,
            },
            providererror: null,
            // The member's own refund rule, as their quote words it (issue 42): the refund form shows it.
            rulequote: { refundable: boolean(true), amount: integer(42000), reasons: eachLike(string('카드 환불 금액: 42,000원')) },
          }),
        ),
      )
      .executeTest(async (server) => {
        const o = await fetchAdminOrder(9101, clientFor(server.url));
        expect(o).toMatchObject({ cancellable: 42000, provider: { source: 'demo', status: 'PAID' } });
        expect(o.rulequote.amount).toBe(42000);
      }));

  it('GetAdminOrder: an order that does not exist is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('order 999999 by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Orders/999999', (b) => b.headers(headers))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: '결제 정보를 찾을 수 없습니다.' }))
      .executeTest(async (server) => {
        await expect(fetchAdminOrder(999999, clientFor(server.url))).rejects.toMatchObject({ status: 404 });
      }));

  it('RefundAdminOrder: part of the order comes back to the card; the order is 부분환불', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...PAID_ORDER)
      .uponReceiving('a refund of 10,000원 of order 9101 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Orders/9101/Refund', (b) =>
        b.headers(headers).jsonBody({ amount: 10000, cancellable: 42000, reason: '강의 오류 보상' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: '10,000원 환불이 완료되었습니다.',
          datas: {
            refundid: integer(1),
            paymentid: 9101,
            amount: 10000,
            status: 'partially_refunded',
            refundedamount: 10000,
            cancellable: 32000,
            pointsrestored: 0,
            pointstakenback: 0,
            couponrestored: false,
          },
        }),
      )
      .executeTest(async (server) => {
        const r = await refundAdminOrder(9101, { amount: 10000, cancellable: 42000, reason: '강의 오류 보상' }, clientFor(server.url));
        expect(r).toMatchObject({ status: 'partially_refunded', refundedamount: 10000, cancellable: 32000 });
      }));

  it('RefundAdminOrder: more than can still be cancelled is 409 and nothing is refunded', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...PAID_ORDER)
      .uponReceiving('a refund of 50,000원 of order 9101 (42,000원 left) by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Orders/9101/Refund', (b) =>
        b.headers(headers).jsonBody({ amount: 50000, cancellable: 42000, reason: '강의 오류 보상' }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: '환불 가능한 금액(42,000원)을 넘습니다.' }))
      .executeTest(async (server) => {
        await expect(
          refundAdminOrder(9101, { amount: 50000, cancellable: 42000, reason: '강의 오류 보상' }, clientFor(server.url)),
        ).rejects.toMatchObject({ status: 409, message: '환불 가능한 금액(42,000원)을 넘습니다.' });
      }));

  it('ListAdminUnsettledRefunds: the claim waiting for 확인, masked', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...claimOf(9201, true))
      .uponReceiving('the refund claims waiting for 확인 by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Refunds/Unsettled', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            eachLike({
              refundid: 9201,
              paymentid: 9101,
              title: string('코어 안정화 클래스'),
              member: string('신*원'),
              email: string('ne*@demo.kr'),
              amount: 10000,
              reason: '강의 오류 보상',
              issuedby: 'staff',
              createdat: regex(DATE_TIME, '2024-05-02T10:00:00+09:00'),
              unsettledat: regex(DATE_TIME, '2024-05-02T10:00:10+09:00'),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const list = await fetchAdminUnsettledRefunds(clientFor(server.url));
        expect(list[0]).toMatchObject({ refundid: 9201, amount: 10000 });
      }));

  it('CheckAdminRefund: the ledger shows the cancel, so the refund is finished', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...claimOf(9201, true))
      .uponReceiving('확인 of refund claim 9201 (carried out) by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Refunds/9201/Check', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: string('결제사에서 취소가 확인되어 환불을 마무리했습니다.'),
          datas: { refundid: 9201, paymentid: 9101, outcome: 'refunded', amount: 10000, status: 'partially_refunded', refundedamount: 10000 },
        }),
      )
      .executeTest(async (server) => {
        expect(await checkAdminRefund(9201, clientFor(server.url))).toMatchObject({ outcome: 'refunded' });
      }));

  it('RetryAdminRefund: nothing was cancelled, so the refund is asked again and goes through', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...claimOf(9202, false))
      .uponReceiving('다시 시도 of refund claim 9202 (never carried out) by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Refunds/9202/Retry', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: string('환불을 마무리했습니다.'),
          datas: {
            refundid: integer(9203),
            paymentid: 9101,
            outcome: 'refunded',
            amount: 10000,
            status: 'partially_refunded',
            refundedamount: 10000,
          },
        }),
      )
      .executeTest(async (server) => {
        expect(await retryAdminRefund(9202, clientFor(server.url))).toMatchObject({ outcome: 'refunded', amount: 10000 });
      }));

  it('CheckAdminRefund: a claim that does not wait is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('확인 of refund claim 999999 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Refunds/999999/Check', (b) => b.headers(headers))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: '환불 요청을 찾을 수 없습니다.' }))
      .executeTest(async (server) => {
        await expect(checkAdminRefund(999999, clientFor(server.url))).rejects.toMatchObject({ status: 404 });
      }));
});
