import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

/** The branch region is always Seoul (spec §9). */
export const BRANCH_REGION = 'Seoul';

/** GET /api/Online/GetBranch/{region} */
export function fetchBranches(region: string = BRANCH_REGION, client: ApiClient = api) {
  return datasOf(client.GET('/api/Online/GetBranch/{region}', { params: { path: { region } } }));
}

export const branchKeys = { region: (region: string) => ['branch', region] as const };

export const branchesQuery = (region: string = BRANCH_REGION) =>
  queryOptions({ queryKey: branchKeys.region(region), queryFn: () => fetchBranches(region), staleTime: 30 * 60_000 });
