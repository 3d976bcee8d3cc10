import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

// Tag `admin-points`: the points ledger, and adding or taking a member's points with a reason (owner and operators).

export type AdminPointEntry = components['schemas']['AdminPointEntry'];
export type AdminPointAdjustment = components['schemas']['AdminPointAdjustment'];
export type AdminPointFilter = Omit<components['schemas']['AdminPointQuery'], 'page' | 'pageSize'>;
export const POINT_PAGE_SIZE = 30;

/** POST /api/Admin/Points/List — the ledger, newest first. */
export function fetchAdminPoints(filter: AdminPointFilter, page = 1, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Points/List', { body: { ...filter, page, pageSize: POINT_PAGE_SIZE } }));
}

/**
 * POST /api/Admin/Points — one entry with its reason. `idempotencyKey` is made once per filled-in form: a doubled
 * press (or a retry after a lost answer) sends the same one and moves the points once.
 */
export function adjustAdminPoints(adjustment: AdminPointAdjustment, idempotencyKey: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Admin/Points', { body: adjustment, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export const adminPointKeys = { all: ['admin-points'] as const };

export const adminPointsQuery = (filter: AdminPointFilter) =>
  infiniteQueryOptions({
    queryKey: [...adminPointKeys.all, filter] as const,
    queryFn: ({ pageParam }) => fetchAdminPoints(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.totalCount ? last.page + 1 : undefined),
  });
