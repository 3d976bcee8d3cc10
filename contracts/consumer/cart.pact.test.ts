import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import { addLectureToCart } from '../../src/api/queries/cart';
import { setAccessTokenSource } from '../../src/api/client';

/** Calls of the yaml's `cart` tag: the member's cart (one GET family with action and item type in the path). */
const { like, integer, regex } = MatchersV3;
const pact = storefrontApiPact();

afterAll(() => setAccessTokenSource(() => undefined));

describe('cart calls (storefront-web → storefront-api)', () => {
  it('puts a lecture in the member cart', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has lectures in the cart', { useruid: 'u-demo-1', contentsids: [] })
      .uponReceiving('a cart add of lecture 112 by member u-demo-1')
      .withRequest('GET', '/api/Cart/add/lecture/u-demo-1/112', (b) =>
        b.headers({ ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(like({ action: 'add', count: integer(1), exists: true, items: [], totalprice: integer(89000), totalsaleprice: integer(89000) }))),
      )
      .executeTest(async (server) => {
        const cart = await addLectureToCart('u-demo-1', 112, clientFor(server.url));
        expect(cart.exists).toBe(true);
      });
  });
});
