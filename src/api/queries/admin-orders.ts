import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-orders`: orders with their filters, one order with the provider's record, the console's refund, and the
// refund claims whose outcome was unknown (owner and operators).

export type AdminOrderRow = components['schemas']['AdminOrderRow'];
export type AdminOrder = components['schemas']['AdminOrder'];
export type AdminOrderMethod = components['schemas']['AdminOrderMethod'];
export type AdminOrderFilter = Omit<components['schemas']['AdminOrderQuery'], 'limit' | 'before'>;
export type AdminRefundInput = components['schemas']['AdminRefundInput'];
export type AdminUnsettledRefund = components['schemas']['AdminUnsettledRefund'];
export const ORDER_PAGE_SIZE = 50;

/** POST /api/Admin/Orders/List — newest first; `before` is the previous page's `nextBefore`. */
export function fetchAdminOrders(filter: AdminOrderFilter, before: number | null = null, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Orders/List', { body: { ...filter, limit: ORDER_PAGE_SIZE, before } }));
}

/** GET /api/Admin/Orders/{paymentid} — lines, refunds, what can still be cancelled, the provider's record. */
export function fetchAdminOrder(paymentid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Orders/{paymentid}', { params: { path: { paymentid } } }));
}

/** POST /api/Admin/Orders/{paymentid}/Refund — `cancellable` is the figure shown, so a doubled press refunds once. */
export function refundAdminOrder(paymentid: number, body: AdminRefundInput, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Orders/{paymentid}/Refund', { params: { path: { paymentid } }, body }));
}

/** GET /api/Admin/Refunds/Unsettled — claims whose outcome at the provider is unknown, oldest first. */
export function fetchAdminUnsettledRefunds(client: ApiClient = api) {
  return datasOf(client.GET('/api/Admin/Refunds/Unsettled'));
}

/** POST /api/Admin/Refunds/{refundid}/Check — 확인: the provider's record settles the claim. */
export function checkAdminRefund(refundid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Refunds/{refundid}/Check', { params: { path: { refundid } } }));
}

/** POST /api/Admin/Refunds/{refundid}/Retry — 다시 시도. */
export function retryAdminRefund(refundid: number, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Refunds/{refundid}/Retry', { params: { path: { refundid } } }));
}

export const adminOrderKeys = { all: ['admin-orders'] as const };

export const adminOrdersQuery = (filter: AdminOrderFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminOrderKeys.all, 'list', filter] as const,
    queryFn: ({ pageParam }) => fetchAdminOrders(filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const adminOrderQuery = (paymentid: number) =>
  queryOptions({ queryKey: [...adminOrderKeys.all, 'one', paymentid] as const, queryFn: () => fetchAdminOrder(paymentid) });

export const adminUnsettledRefundsQuery = () =>
  queryOptions({ queryKey: [...adminOrderKeys.all, 'unsettled'] as const, queryFn: () => fetchAdminUnsettledRefunds() });
