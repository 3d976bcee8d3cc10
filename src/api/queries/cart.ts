import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `cart` in openapi/storefront.yaml.

export type CartItem = components['schemas']['CartItem'];

/** GET /api/Cart/list/lecture/{useruid}/0 — every item of the member's cart (contentsid 0: not about one item). */
export function fetchCart(useruid: string, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
      params: { path: { type: 'list', itemtype: 'lecture', useruid, contentsid: 0 } },
    }),
  );
}

/**
 * Removes one cart item. An item put in with a product option is addressed with it
 * (`/api/Cart/remove/{itemtype}/{useruid}/{contentsid}/{optionvalue}`), so only that option's entry goes.
 */
export function removeFromCart(
  useruid: string,
  item: Pick<CartItem, 'itemtype' | 'contentsid' | 'optionvalue'>,
  client: ApiClient = api,
) {
  const path = { type: 'remove', itemtype: item.itemtype, useruid, contentsid: item.contentsid } as const;
  return datasOf(
    item.optionvalue
      ? client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}/{optionvalue}', {
          params: { path: { ...path, optionvalue: item.optionvalue } },
        })
      : client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', { params: { path } }),
  );
}

export const cartKeys = {
  all: ['cart'] as const,
  list: (useruid: string) => ['cart', 'list', useruid] as const,
};

export const cartQuery = (useruid: string) =>
  queryOptions({ queryKey: cartKeys.list(useruid), queryFn: () => fetchCart(useruid), staleTime: 0 });

/** GET /api/Cart/add/lecture/{useruid}/{contentsid} — puts a lecture in the member's cart. */
export function addLectureToCart(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
      params: { path: { type: 'add', itemtype: 'lecture', useruid, contentsid } },
    }),
  );
}
