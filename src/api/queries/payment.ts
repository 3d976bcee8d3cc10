import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `payment` in openapi/storefront.yaml: the member's history (the checkout's calls follow below).

export type Payment = components['schemas']['Payment'];
export const PAYMENT_PAGE_SIZE = 10;
/** `orders`: what was paid (the default); `attempts`: 결제 시도 that never were (yaml: PaymentListRequest.view). */
export type PaymentView = NonNullable<components['schemas']['PaymentListRequest']['view']>;

/** POST /api/Payment/GetPaymentList/ — the member's orders (or attempts), newest first, one page. */
export function fetchPaymentList(useruid: string, page: number, view: PaymentView = 'orders', client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/GetPaymentList/', { body: { useruid, page, pageSize: PAYMENT_PAGE_SIZE, view } }));
}

/** GET /api/Payment/GetInfo/{paymentid}/{contentsid} — one order; contentsid 0 = the whole order. */
export function fetchPaymentInfo(paymentid: number, contentsid = 0, client: ApiClient = api) {
  return datasOf(client.GET('/api/Payment/GetInfo/{paymentid}/{contentsid}', { params: { path: { paymentid, contentsid } } }));
}

export const paymentKeys = {
  all: ['payment'] as const,
  list: (useruid: string, page: number, view: PaymentView = 'orders') => ['payment', 'list', useruid, page, view] as const,
  info: (paymentid: number) => ['payment', 'info', paymentid] as const,
};

export const paymentListQuery = (useruid: string, page: number, view: PaymentView = 'orders') =>
  queryOptions({ queryKey: paymentKeys.list(useruid, page, view), queryFn: () => fetchPaymentList(useruid, page, view) });
export const paymentInfoQuery = (paymentid: number) =>
  queryOptions({ queryKey: paymentKeys.info(paymentid), queryFn: () => fetchPaymentInfo(paymentid) });

// checkout (issue 12)

type PaymentSaveRequest = components['schemas']['PaymentSaveRequest'];

/** POST /api/Payment/IsCompleteTitle/ — which of the lectures the member already owns. */
export function checkOwnedLectures(useruid: string, contentsids: number[], client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/IsCompleteTitle/', { body: { useruid, contentsids } }));
}

/** Asked afresh on every visit of the payment page: a purchase elsewhere must not be missed. */
export const ownedLecturesQuery = (useruid: string, contentsids: number[]) =>
  queryOptions({
    queryKey: ['payment', 'owned', useruid, contentsids] as const,
    queryFn: () => checkOwnedLectures(useruid, contentsids),
    staleTime: 0,
    enabled: useruid !== '',
  });

/**
 * POST /api/Payment/Save/ — the server prices the order; `idempotencyKey` (one per attempt) makes a repeated
 * request name the same order.
 */
export function saveOrder(body: PaymentSaveRequest, idempotencyKey: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/Save/', { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** POST /api/Payment/UpdatePaid/ — the server verifies the card transaction and completes the order. */
export function updatePaid(paymentid: number, pgtid: string, amount: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount } }));
}

// player (issue 13)

/** POST /api/Payment/FirstPlay/{useruid}/{contentsid} — marks the first play of a bought class (refunds depend on it). */
export function recordFirstPlay(useruid: string, contentsid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/FirstPlay/{useruid}/{contentsid}', { params: { path: { useruid, contentsid } } }));
}
