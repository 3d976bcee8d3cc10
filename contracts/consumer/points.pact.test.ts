import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { fetchPoints, fetchPointSum, POINT_PAGE_SIZE } from '../../src/api/queries/points';
import { setAccessTokenSource } from '../../src/api/client';
import type { components } from '../../src/api/schema.gen';

/** Calls of the yaml's `points` tag. */
const { eachLike, integer, regex } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const LEDGER = 'member has point entries';

afterAll(() => setAccessTokenSource(() => undefined));

/** A ledger line not tied to an order (an event's points). */
const entry: components['schemas']['Point'] = {
  pointid: 1,
  useruid: 'u-demo-1',
  amount: 3000,
  balance: 3000,
  reason: '이벤트 적립',
  paymentid: null,
  regdate: '2024-05-01T10:00:00+09:00',
  expiredate: null,
};

describe('points history (/mypoint) calls', () => {
  it('GetPointSum: the usable balance', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(LEDGER, { useruid: 'u-demo-1', amounts: [3000, 2500, -1000] })
      .uponReceiving('a point balance of member u-demo-1')
      .withRequest('GET', '/api/Point/GetPointSum/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ pointSum: integer(4500) })))
      .executeTest(async (server) => {
        expect((await fetchPointSum('u-demo-1', clientFor(server.url))).pointSum).toBeTypeOf('number');
      });
  });

  it('GetList: ledger lines, earned and used, with the balance after each', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(LEDGER, { useruid: 'u-demo-1', amounts: [3000, 2500, -1000] })
      .uponReceiving('a point ledger page 1 of member u-demo-1')
      .withRequest('POST', '/api/Point/GetList/', (b) =>
        b
          .headers({ ...commonHeaders, ...bearer })
          .jsonBody({ useruid: 'u-demo-1', page: 1, pageSize: POINT_PAGE_SIZE, kind: 'all' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ totalCount: 3, page: 1, pageSize: POINT_PAGE_SIZE, list: eachLike(entry, 3) })),
      )
      .executeTest(async (server) => {
        const page = await fetchPoints('u-demo-1', 1, 'all', clientFor(server.url));
        expect(page.list).toHaveLength(3);
      });
  });

  it("GetPointSum: another member's balance is 403", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return otherMemberIsRefused(pact, {
      given: [LEDGER, { useruid: 'u-demo-2', amounts: [3000] }],
      description: 'a point balance of member u-demo-2 asked with the token of member u-demo-1',
      method: 'GET',
      path: '/api/Point/GetPointSum/u-demo-2',
      call: (client) => fetchPointSum('u-demo-2', client),
    });
  });

  it("GetList: another member's ledger is 403", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return otherMemberIsRefused(pact, {
      given: [LEDGER, { useruid: 'u-demo-2', amounts: [3000] }],
      description: 'a point ledger of member u-demo-2 asked with the token of member u-demo-1',
      method: 'POST',
      path: '/api/Point/GetList/',
      body: { useruid: 'u-demo-2', page: 1, pageSize: POINT_PAGE_SIZE, kind: 'all' },
      call: (client) => fetchPoints('u-demo-2', 1, 'all', client),
    });
  });
});
