import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `payment` in openapi/storefront.yaml: the member's history (the checkout's calls follow below).

export type Payment = components['schemas']['Payment'];
export const PAYMENT_PAGE_SIZE = 10;

/** POST /api/Payment/GetPaymentList/ — the member's orders, newest first, one page. */
export function fetchPaymentList(useruid: string, page: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/GetPaymentList/', { body: { useruid, page, pageSize: PAYMENT_PAGE_SIZE } }));
}

/** GET /api/Payment/GetInfo/{paymentid}/{contentsid} — one order; contentsid 0 = the whole order. */
export function fetchPaymentInfo(paymentid: number, contentsid = 0, client: ApiClient = api) {
  return datasOf(client.GET('/api/Payment/GetInfo/{paymentid}/{contentsid}', { params: { path: { paymentid, contentsid } } }));
}

/**
 * POST /api/Contents/GetOrderLectures/ — the lectures of an order (titles, thumbnails). Tagged `catalog` in the
 * yaml, kept here beside its payment screens: catalog.ts travels in the first paint, this call never does.
 */
export function fetchOrderLectures(contentsids: number[], client: ApiClient = api) {
  return datasOf(client.POST('/api/Contents/GetOrderLectures/', { body: { contentsids } }));
}

export const paymentKeys = {
  all: ['payment'] as const,
  list: (useruid: string, page: number) => ['payment', 'list', useruid, page] as const,
  info: (paymentid: number) => ['payment', 'info', paymentid] as const,
  lectures: (contentsids: number[]) => ['payment', 'lectures', contentsids] as const,
};

export const paymentListQuery = (useruid: string, page: number) =>
  queryOptions({ queryKey: paymentKeys.list(useruid, page), queryFn: () => fetchPaymentList(useruid, page) });
export const paymentInfoQuery = (paymentid: number) =>
  queryOptions({ queryKey: paymentKeys.info(paymentid), queryFn: () => fetchPaymentInfo(paymentid) });
export const orderLecturesQuery = (contentsids: number[]) =>
  queryOptions({
    queryKey: paymentKeys.lectures(contentsids),
    queryFn: () => fetchOrderLectures(contentsids),
    staleTime: 5 * 60_000,
  });
