import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Operations tagged `payment` in openapi/storefront.yaml.

// checkout (issue 12)

type PaymentSaveRequest = components['schemas']['PaymentSaveRequest'];

/** POST /api/Payment/IsCompleteTitle/ — which of the lectures the member already owns. */
export function checkOwnedLectures(useruid: string, contentsids: number[], client: ApiClient = api) {
  return datasOf(client.POST('/api/Payment/IsCompleteTitle/', { body: { useruid, contentsids } }));
}

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

/** GET /api/Payment/GetInfo/{paymentid}/0 — the whole order as the server has it. */
export function fetchOrder(paymentid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Payment/GetInfo/{paymentid}/{contentsid}', { params: { path: { paymentid, contentsid: 0 } } }));
}

export const checkoutKeys = {
  order: (paymentid: number) => ['payment', 'checkout-order', paymentid] as const,
};
