import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { lecture } from './fixtures';
import { fetchOrderLectures } from '../../src/api/queries/catalogOrder';
import { fetchPaymentInfo, fetchPaymentList, PAYMENT_PAGE_SIZE, type Payment } from '../../src/api/queries/payment';
import { setAccessTokenSource } from '../../src/api/client';

/** Calls of the yaml's `payment` tag. */
const { like, eachLike, integer, regex, string } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

afterAll(() => setAccessTokenSource(() => undefined));

/** A paid card order without coupon or points, as the history and detail read it. */
const paidOrder: Payment = {
  paymentid: 7001,
  useruid: 'u-demo-1',
  contentsids: [104],
  title: '매트 필라테스 중급 시퀀스',
  amount: 47000,
  pointused: 0,
  couponnumber: null,
  coupondiscount: 0,
  paidamount: 47000,
  status: 'paid',
  paymethod: 'card',
  paidmethod: 'card',
  installmentmonth: 0,
  regdate: '2024-05-01T10:00:00+09:00',
  paiddate: '2024-05-01T10:01:00+09:00',
  pgtid: 'state-tx-7001',
};

describe('payment history (/mypayment) calls', () => {
  it('GetPaymentList: one page of the member orders, newest first', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has exactly one order, paid', { useruid: 'u-demo-1', paymentid: 7001, contentsids: [104] })
      .uponReceiving('a payment history page 1 of member u-demo-1')
      .withRequest('POST', '/api/Payment/GetPaymentList/', (b) =>
        b
          .headers({ ...commonHeaders, ...bearer })
          .jsonBody({ useruid: 'u-demo-1', page: 1, pageSize: PAYMENT_PAGE_SIZE, view: 'orders' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ totalCount: integer(1), page: 1, pageSize: PAYMENT_PAGE_SIZE, list: eachLike(paidOrder) })),
      )
      .executeTest(async (server) => {
        const page = await fetchPaymentList('u-demo-1', 1, 'orders', clientFor(server.url));
        expect(page.list[0]).toMatchObject({ status: 'paid', paymethod: 'card' });
      });
  });

  it('GetInfo: one order of the member with amounts, coupon, points and card', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has a paid order', { useruid: 'u-demo-1', paymentid: 7001, contentsids: [104] })
      .uponReceiving('a payment detail of order 7001 of member u-demo-1')
      .withRequest('GET', '/api/Payment/GetInfo/7001/0', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(like({ ...paidOrder, paymentid: 7001, contentsids: [104] }))))
      .executeTest(async (server) => {
        const p = await fetchPaymentInfo(7001, 0, clientFor(server.url));
        expect(p).toMatchObject({ paymentid: 7001, contentsids: [104] });
      });
  });

  it("GetInfo: another member's order is 404 to u-demo-1 (its existence is not revealed)", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has a paid order', { useruid: 'u-demo-2', paymentid: 9001, contentsids: [106] })
      .uponReceiving('a payment detail of order 9001 of member u-demo-2 asked by member u-demo-1')
      .withRequest('GET', '/api/Payment/GetInfo/9001/0', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('결제 정보를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchPaymentInfo(9001, 0, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 404,
          message: '결제 정보를 찾을 수 없습니다.',
        });
      });
  });

  it('GetPaymentList: 결제 시도, the attempts that never were paid, apart from the orders', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has a failed payment attempt', { useruid: 'u-demo-1', paymentid: 7051, contentsids: [105] })
      .uponReceiving('a payment attempts page 1 of member u-demo-1')
      .withRequest('POST', '/api/Payment/GetPaymentList/', (b) =>
        b
          .headers({ ...commonHeaders, ...bearer })
          .jsonBody({ useruid: 'u-demo-1', page: 1, pageSize: PAYMENT_PAGE_SIZE, view: 'attempts' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            totalCount: integer(1),
            page: 1,
            pageSize: PAYMENT_PAGE_SIZE,
            // An attempt never paid has no method the provider confirmed.
            list: eachLike({ ...paidOrder, status: string('failed'), paiddate: null, pgtid: null, paidmethod: null }),
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchPaymentList('u-demo-1', 1, 'attempts', clientFor(server.url));
        expect(page.list[0]).toMatchObject({ paiddate: null });
      });
  });

  it("GetPaymentList: another member's history is 403", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return otherMemberIsRefused(pact, {
      given: ['member has a paid order', { useruid: 'u-demo-2', paymentid: 9001, contentsids: [106] }],
      description: 'a payment history of member u-demo-2 asked with the token of member u-demo-1',
      method: 'POST',
      path: '/api/Payment/GetPaymentList/',
      body: { useruid: 'u-demo-2', page: 1, pageSize: PAYMENT_PAGE_SIZE, view: 'orders' },
      call: (client) => fetchPaymentList('u-demo-2', 1, 'orders', client),
    });
  });

  it('GetOrderLectures: the lectures of an order, for the detail', () =>
    pact
      .addInteraction()
      .given('the demo catalogue is seeded')
      .uponReceiving('the lectures of an order of lecture 104')
      .withRequest('POST', '/api/Contents/GetOrderLectures/', (b) => b.headers(commonHeaders).jsonBody({ contentsids: [104] }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike({ ...lecture, contentsid: 104 }))))
      .executeTest(async (server) => {
        setAccessTokenSource(() => undefined);
        const lectures = await fetchOrderLectures([104], clientFor(server.url));
        expect(lectures[0]!.contentsid).toBe(104);
      }));
});
