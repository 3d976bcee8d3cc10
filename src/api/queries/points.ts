import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import { ApiError } from '../errors';
import type { components } from '../schema.gen';

// Operations tagged `points` in openapi/storefront.yaml: balance and ledger (the checkout's calls follow below).

export type PointKind = NonNullable<components['schemas']['PointListRequest']['kind']>;
export const POINT_PAGE_SIZE = 10;

/** GET /api/Point/GetPointSum/{useruid} — usable points (the ledger minus what open orders hold). */
export function fetchPointSum(useruid: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Point/GetPointSum/{useruid}', { params: { path: { useruid } } }));
}

/** POST /api/Point/GetList/ — ledger lines, newest first; `kind` narrows to earned or used. */
export function fetchPoints(useruid: string, page: number, kind: PointKind = 'all', client: ApiClient = api) {
  return datasOf(client.POST('/api/Point/GetList/', { body: { useruid, page, pageSize: POINT_PAGE_SIZE, kind } }));
}

export const pointKeys = {
  all: ['points'] as const,
  sum: (useruid: string) => ['points', 'sum', useruid] as const,
  list: (useruid: string, page: number, kind: PointKind) => ['points', 'list', useruid, page, kind] as const,
};

export const pointSumQuery = (useruid: string) =>
  queryOptions({ queryKey: pointKeys.sum(useruid), queryFn: () => fetchPointSum(useruid), staleTime: 0 });
export const pointsQuery = (useruid: string, page: number, kind: PointKind) =>
  queryOptions({ queryKey: pointKeys.list(useruid, page, kind), queryFn: () => fetchPoints(useruid, page, kind) });

// coupons (issue 25)

export type MyCouponKind = NonNullable<components['schemas']['MyCouponListRequest']['kind']>;
/** A member holds a handful of coupons: one page shows them all. */
export const MY_COUPON_PAGE_SIZE = 50;

/** POST /api/Coupon/GetMyCoupons/ — the member's coupons, usable first; `usable` lists only those that apply now. */
export function fetchMyCoupons(useruid: string, kind: MyCouponKind = 'all', page = 1, client: ApiClient = api) {
  return datasOf(client.POST('/api/Coupon/GetMyCoupons/', { body: { useruid, page, pageSize: MY_COUPON_PAGE_SIZE, kind } }));
}

export const couponKeys = {
  all: ['coupons'] as const,
  mine: (useruid: string, kind: MyCouponKind) => ['coupons', 'mine', useruid, kind] as const,
};

/** Asked afresh on each visit: a coupon used a minute ago in another tab must not be offered. */
export const myCouponsQuery = (useruid: string, kind: MyCouponKind) =>
  queryOptions({ queryKey: couponKeys.mine(useruid, kind), queryFn: () => fetchMyCoupons(useruid, kind), staleTime: 0 });

// checkout (issue 12)

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
