import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import { fetchRefundQuote, requestRefund } from '../../src/api/queries/payment-refund';
import { setAccessTokenSource } from '../../src/api/client';

/** The refund calls of the order detail (/mypayment?paymentid=): the quote first, then the refund (청약철회). */
const { boolean, eachLike, integer, regex, string } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
// Lecture 104 sells for 47,000원 in the seed; the order is paid just now and nothing of it was used.
const UNUSED = 'member has an unused paid order';
const ORDER_7301 = { useruid: 'u-demo-1', paymentid: 7301, contentsids: [104] };

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('payment refund (storefront-web → storefront-api)', () => {
  it('RefundQuote: the whole order within 7 days with nothing used, and why', () =>
    pact
      .addInteraction()
      .given(UNUSED, ORDER_7301)
      .uponReceiving('a refund quote of unused order 7301 of member u-demo-1')
      .withRequest('GET', '/api/Payment/RefundQuote/7301', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            paymentid: 7301,
            refundable: true,
            basis: 'withdrawal',
            amount: 47000,
            contentsids: [104],
            pointsrestored: integer(0),
            pointstakenback: integer(0),
            pointsshortfall: integer(0),
            couponnumber: null,
            couponrestored: boolean(false),
            refundedamount: 0,
            reasons: eachLike(string('결제일로부터 7일 이내이고 수강 기록이 없어 전액 환불됩니다(청약철회).')),
          }),
        ),
      )
      .executeTest(async (server) => {
        const q = await fetchRefundQuote(7301, clientFor(server.url));
        expect(q).toMatchObject({ refundable: true, amount: 47000 });
      }));

  it('RequestRefund: refunds the confirmed amount once and answers the refunded order', () =>
    pact
      .addInteraction()
      .given(UNUSED, ORDER_7301)
      .uponReceiving('a refund request of unused order 7301 by member u-demo-1')
      .withRequest('POST', '/api/Payment/RequestRefund/', (b) =>
        b
          .headers({ ...headers, 'Idempotency-Key': regex(/^[\x21-\x7e]{1,100}$/, 'refund-7301-a') })
          .jsonBody({ paymentid: 7301, reason: string('단순 변심'), amount: 47000 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            refundid: integer(1),
            paymentid: 7301,
            amount: 47000,
            contentsids: [104],
            pointsrestored: integer(0),
            pointstakenback: integer(0),
            pointsshortfall: integer(0),
            couponrestored: boolean(false),
            status: 'refunded',
            refundedamount: 47000,
            refunddate: string('2024-05-01T10:05:00+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const r = await requestRefund(7301, '단순 변심', 47000, 'refund-7301-a', clientFor(server.url));
        expect(r).toMatchObject({ status: 'refunded', amount: 47000 });
      }));

  it("RequestRefund: another member's order is 404 (its existence is not revealed)", () =>
    pact
      .addInteraction()
      .given(UNUSED, { useruid: 'u-demo-2', paymentid: 9301, contentsids: [106] })
      .uponReceiving('a refund request of order 9301 of member u-demo-2 by member u-demo-1')
      .withRequest('POST', '/api/Payment/RequestRefund/', (b) =>
        b
          .headers({ ...headers, 'Idempotency-Key': regex(/^[\x21-\x7e]{1,100}$/, 'refund-9301-a') })
          .jsonBody({ paymentid: 9301, reason: string('단순 변심'), amount: integer(1000) }),
      )
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('결제 정보를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(requestRefund(9301, '단순 변심', 1000, 'refund-9301-a', clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 404,
          message: '결제 정보를 찾을 수 없습니다.',
        });
      }));
});
