import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `stats` in openapi/storefront.yaml.

export function fetchStats(client: ApiClient = api) {
  return datasOf(client.GET('/api/Stats/GetInfo/1'));
}

export const statsKeys = { info: ['stats', 'info'] as const };

export const statsQuery = () => queryOptions({ queryKey: statsKeys.info, queryFn: () => fetchStats(), staleTime: 5 * 60_000 });
