import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { lecture } from './fixtures';
import { addLectureToCart, fetchCart, removeFromCart, type CartItem } from '../../src/api/queries/cart';
import { setAccessTokenSource } from '../../src/api/client';

/** Calls of the yaml's `cart` tag: the member's cart (one GET family with action and item type in the path). */
const { like, eachLike, integer, boolean, regex, string } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const CART = 'member has lectures in the cart';

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

/** A cart line as /mycart reads it: a lecture without a chosen option. */
const cartItem: CartItem = {
  cartid: 1,
  itemtype: 'lecture',
  contentsid: 104,
  optionvalue: null,
  optionname: null,
  price: 47000,
  saleprice: 47000,
  period: 90,
  regdate: '2024-05-01T10:00:00+09:00',
  lecture: { ...lecture, contentsid: 104 },
};

describe('cart page (/mycart) calls', () => {
  it('lists the lectures in the member cart with prices and lecture records', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(CART, { useruid: 'u-demo-1', contentsids: [104, 106] })
      .uponReceiving('a cart list of member u-demo-1 holding lectures 104 and 106')
      .withRequest('GET', '/api/Cart/list/lecture/u-demo-1/0', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            action: 'list',
            count: 2,
            exists: boolean(false),
            items: eachLike(cartItem, 2),
            totalprice: integer(108000),
            totalsaleprice: integer(108000),
          }),
        ),
      )
      .executeTest(async (server) => {
        const cart = await fetchCart('u-demo-1', clientFor(server.url));
        expect(cart.count).toBe(2);
        expect(cart.items).toHaveLength(2);
        expect(cart.items[0]!.lecture.title).toBeTruthy();
      });
  });

  it('removes one line; the answer counts what is left', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(CART, { useruid: 'u-demo-1', contentsids: [104, 106] })
      .uponReceiving('a cart remove of lecture 106 by member u-demo-1')
      .withRequest('GET', '/api/Cart/remove/lecture/u-demo-1/106', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            like({
              action: 'remove',
              count: 1,
              exists: false,
              items: [],
              totalprice: integer(47000),
              totalsaleprice: integer(47000),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const cart = await removeFromCart(
          'u-demo-1',
          { itemtype: 'lecture', contentsid: 106, optionvalue: null },
          clientFor(server.url),
        );
        expect(cart).toMatchObject({ count: 1, exists: false });
      });
  });

  it('removes a line put in with an option through the option form of the call', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(CART, { useruid: 'u-demo-1', contentsids: [104, 106] })
      .uponReceiving('a cart remove of lecture 106 with option 90 by member u-demo-1')
      .withRequest('GET', '/api/Cart/remove/lecture/u-demo-1/106/90', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            like({
              action: 'remove',
              count: 1,
              exists: false,
              items: [],
              totalprice: integer(47000),
              totalsaleprice: integer(47000),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const cart = await removeFromCart(
          'u-demo-1',
          { itemtype: 'lecture', contentsid: 106, optionvalue: '90' },
          clientFor(server.url),
        );
        expect(cart.exists).toBe(false);
      });
  });

  it('a line already gone is 404 with the message the page shows', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(CART, { useruid: 'u-demo-1', contentsids: [104] })
      .uponReceiving('a cart remove of lecture 106 that is not in the cart of member u-demo-1')
      .withRequest('GET', '/api/Cart/remove/lecture/u-demo-1/106', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('장바구니에 없는 강의입니다.') }))
      .executeTest(async (server) => {
        await expect(
          removeFromCart('u-demo-1', { itemtype: 'lecture', contentsid: 106, optionvalue: null }, clientFor(server.url)),
        ).rejects.toMatchObject({ name: 'ApiError', status: 404, message: '장바구니에 없는 강의입니다.' });
      });
  });

  it("another member's cart is 403 to u-demo-1: neither listed nor emptied", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return otherMemberIsRefused(pact, {
      given: [CART, { useruid: 'u-demo-2', contentsids: [104] }],
      description: 'a cart list of member u-demo-2 asked with the token of member u-demo-1',
      method: 'GET',
      path: '/api/Cart/list/lecture/u-demo-2/0',
      call: (client) => fetchCart('u-demo-2', client),
    });
  });
});
