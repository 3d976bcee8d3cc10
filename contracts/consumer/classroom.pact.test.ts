import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, MEMBER, DEMO_MEMBER, DEMO_TOKEN } from './pact';
import { fetchMyClassInfo } from '../../src/api/queries/classroom';
import { setAccessTokenSource } from '../../src/api/client';

/** Calls of the yaml's `classroom` tag: the my-class summary behind the side menu's counts. */
const { integer, regex } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

describe('classroom calls (storefront-web → storefront-api)', () => {
  it('GetMyClassInfo: the four side-menu counts', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a my-class summary request of member u-demo-1')
      .withRequest('GET', '/api/Contents/GetMyClassInfo/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ cartCnt: integer(1), classCnt: integer(3), expireCnt: integer(1), pointSum: integer(5500) })),
      )
      .executeTest(async (server) => {
        const info = await fetchMyClassInfo('u-demo-1', clientFor(server.url));
        expect(Object.keys(info).sort()).toEqual(['cartCnt', 'classCnt', 'expireCnt', 'pointSum']);
      })
      .finally(() => setAccessTokenSource(() => undefined));
  });
});
