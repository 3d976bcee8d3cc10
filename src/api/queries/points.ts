import { api, datasOf, type ApiClient } from '../client';
import { ApiError } from '../errors';

// Operations tagged `points` in openapi/storefront.yaml (points and coupons).

// checkout (issue 12)

/** GET /api/Point/GetPointSum/{useruid} — usable points (the balance minus what open orders hold). */
export async function fetchPointSum(useruid: string, client: ApiClient = api) {
  return (await datasOf(client.GET('/api/Point/GetPointSum/{useruid}', { params: { path: { useruid } } }))).pointSum;
}

/**
 * GET /api/Coupon/GetCouponInfo/{couponnumber} — the coupon when it can be used now; otherwise an ApiError with
 * the server's reason (used, expired, held by another order), which the payment page shows in place.
 */
export async function fetchUsableCoupon(couponnumber: string, client: ApiClient = api) {
  const { data, response } = await client.GET('/api/Coupon/GetCouponInfo/{couponnumber}', {
    params: { path: { couponnumber } },
  });
  const coupon = data?.datas;
  if (!coupon) throw new ApiError('parse', '쿠폰을 확인하지 못했습니다.', response.status);
  if (data.respMessage) throw new ApiError('server', data.respMessage, response.status);
  return coupon;
}

/** POST /api/Point/Save/ — confirms the points a paid order spent (negative) or earned; idempotent. */
export function confirmPointEntry(useruid: string, paymentid: number, amount: number, reason: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Point/Save/', { body: { useruid, paymentid, amount, reason } }));
}

/** POST /api/Coupon/Update/ — confirms the coupon a paid order used; idempotent. */
export function confirmCouponUse(useruid: string, paymentid: number, couponnumber: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Coupon/Update/', { body: { useruid, paymentid, couponnumber } }));
}
