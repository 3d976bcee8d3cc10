import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import { confirmCouponUse, confirmPointEntry, fetchPointSum, fetchUsableCoupon } from '../../src/api/queries/points';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `points` tag made by checkout (issue 12): usable points, the coupon lookup (an unusable
 * coupon's reason shown in place), and the idempotent confirmations of what a paid order wrote.
 */
const { like, integer, regex } = MatchersV3;
const pact = storefrontApiPact();
const auth = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

afterAll(() => setAccessTokenSource(() => undefined));

const coupon = (over: Record<string, unknown>) =>
  like({
    couponnumber: 'WELCOME5000',
    name: like('신규 회원 5,000원 할인'),
    discounttype: 'fixed',
    discountvalue: integer(5000),
    minprice: integer(10000),
    maxdiscount: null,
    expiredate: like('2099-12-31T23:59:59+09:00'),
    isused: false,
    ...over,
  });

describe('points and coupon calls of checkout (storefront-web → storefront-api)', () => {
  it('reads the member’s usable points', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has usable points', { useruid: 'u-demo-1', points: 5500 })
      .uponReceiving('a request for the usable points of member u-demo-1')
      .withRequest('GET', '/api/Point/GetPointSum/u-demo-1', (b) => b.headers(auth))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ pointSum: integer(5500) })))
      .executeTest(async (server) => {
        expect((await fetchPointSum('u-demo-1', clientFor(server.url))).pointSum).toBe(5500);
      });
  });

  it('looks up a coupon the member can use', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('coupon is valid for member', { couponnumber: 'WELCOME5000', useruid: 'u-demo-1' })
      .uponReceiving('a lookup of coupon WELCOME5000 by member u-demo-1')
      .withRequest('GET', '/api/Coupon/GetCouponInfo/WELCOME5000', (b) => b.headers(auth))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, respMessage: '', datas: coupon({}) }))
      .executeTest(async (server) => {
        const c = await fetchUsableCoupon('WELCOME5000', clientFor(server.url));
        expect(c).toMatchObject({ couponnumber: 'WELCOME5000', discounttype: 'fixed', discountvalue: 5000 });
      });
  });

  it('an expired coupon comes back with the reason the page shows in place', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('coupon has expired', { couponnumber: 'EXPIRED01' })
      .uponReceiving('a lookup of expired coupon EXPIRED01')
      .withRequest('GET', '/api/Coupon/GetCouponInfo/EXPIRED01', (b) => b.headers(auth))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: '사용 기간이 지난 쿠폰입니다.',
          datas: coupon({ couponnumber: 'EXPIRED01', expiredate: like('2020-01-01T00:00:00+09:00') }),
        }),
      )
      .executeTest(async (server) => {
        await expect(fetchUsableCoupon('EXPIRED01', clientFor(server.url))).rejects.toMatchObject({
          message: '사용 기간이 지난 쿠폰입니다.',
        });
      });
  });

  it('an unknown coupon is not found', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('the demo catalogue is seeded')
      .uponReceiving('a lookup of coupon NOPE0000 that does not exist')
      .withRequest('GET', '/api/Coupon/GetCouponInfo/NOPE0000', (b) => b.headers(auth))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: like('쿠폰을 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchUsableCoupon('NOPE0000', clientFor(server.url))).rejects.toMatchObject({
          status: 404,
          message: '쿠폰을 찾을 수 없습니다.',
        });
      });
  });

  it('confirms the coupon a paid order used', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has a paid order with a coupon and points', {
        useruid: 'u-demo-1',
        paymentid: 9101,
        contentsids: [116],
        couponnumber: 'PILATES10',
        pointused: 1000,
      })
      .uponReceiving('a confirmation of coupon PILATES10 on paid order 9101')
      .withRequest('POST', '/api/Coupon/Update/', (b) =>
        b.headers(auth).jsonBody({ useruid: 'u-demo-1', paymentid: 9101, couponnumber: 'PILATES10' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            coupon({
              couponnumber: 'PILATES10',
              name: like('필라테스 10% 할인'),
              discounttype: 'percent',
              discountvalue: integer(10),
              minprice: integer(0),
              isused: true,
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const c = await confirmCouponUse('u-demo-1', 9101, 'PILATES10', clientFor(server.url));
        expect(c.isused).toBe(true);
      });
  });

  it('confirms the points a paid order spent', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has a paid order with a coupon and points', {
        useruid: 'u-demo-1',
        paymentid: 9102,
        contentsids: [119],
        pointused: 1000,
      })
      .uponReceiving('a confirmation of the 1,000 points paid order 9102 spent')
      .withRequest('POST', '/api/Point/Save/', (b) =>
        b.headers(auth).jsonBody({ useruid: 'u-demo-1', paymentid: 9102, amount: -1000, reason: '결제 시 사용' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            like({
              pointid: integer(20),
              useruid: 'u-demo-1',
              amount: -1000,
              balance: integer(4500),
              reason: like('결제 시 사용'),
              paymentid: 9102,
              regdate: like('2024-05-01T10:01:00+09:00'),
              expiredate: null,
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const entry = await confirmPointEntry('u-demo-1', 9102, -1000, '결제 시 사용', clientFor(server.url));
        expect(entry).toMatchObject({ amount: -1000, paymentid: 9102 });
      });
  });
});
