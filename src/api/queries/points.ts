import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
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
