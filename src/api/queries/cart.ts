import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `cart` in openapi/storefront.yaml.

/** GET /api/Cart/add/lecture/{useruid}/{contentsid} — puts a lecture in the member's cart. */
export function addLectureToCart(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
      params: { path: { type: 'add', itemtype: 'lecture', useruid, contentsid } },
    }),
  );
}
