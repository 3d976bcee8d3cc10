import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { fetchMyCoupons, MY_COUPON_PAGE_SIZE } from '../../src/api/queries/points';
import { setAccessTokenSource } from '../../src/api/client';
import type { components } from '../../src/api/schema.gen';

/** 내 쿠폰 (issue 25): the member's coupons, on the payment page and on /mycoupon. */
const { eachLike, integer, like, regex } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const HOLDS = 'member holds the welcome coupon, unused';

afterAll(() => setAccessTokenSource(() => undefined));

const welcome: components['schemas']['MyCoupon'] = {
  couponnumber: 'WELCOME5000',
  name: '신규 회원 5,000원 할인',
  discounttype: 'fixed',
  discountvalue: 5000,
  minprice: 10000,
  maxdiscount: null,
  expiredate: '2099-12-31T23:59:59+09:00',
  isused: false,
  permember: true,
  usable: true,
  reason: null,
  useddate: null,
};

describe('내 쿠폰 calls', () => {
  it('GetMyCoupons: the coupons the member can apply now (the payment page)', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(HOLDS, { useruid: 'u-demo-1', couponnumber: 'WELCOME5000' })
      .uponReceiving('the usable coupons of member u-demo-1')
      .withRequest('POST', '/api/Coupon/GetMyCoupons/', (b) =>
        b
          .headers({ ...commonHeaders, ...bearer })
          .jsonBody({ useruid: 'u-demo-1', page: 1, pageSize: MY_COUPON_PAGE_SIZE, kind: 'usable' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            totalCount: integer(1),
            page: 1,
            pageSize: MY_COUPON_PAGE_SIZE,
            list: eachLike({
              ...welcome,
              couponnumber: like('WELCOME5000'),
              name: like(welcome.name),
              expiredate: like(welcome.expiredate),
            }),
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMyCoupons('u-demo-1', 'usable', 1, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ usable: true, reason: null });
      });
  });

  it("GetMyCoupons: another member's coupons are 403", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return otherMemberIsRefused(pact, {
      description: 'the coupons of member u-demo-2 asked with the token of member u-demo-1',
      method: 'POST',
      path: '/api/Coupon/GetMyCoupons/',
      body: { useruid: 'u-demo-2', page: 1, pageSize: MY_COUPON_PAGE_SIZE, kind: 'all' },
      call: (client) => fetchMyCoupons('u-demo-2', 'all', 1, client),
    });
  });
});
