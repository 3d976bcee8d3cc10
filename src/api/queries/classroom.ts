// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

// Operations tagged `classroom` in openapi/storefront.yaml.

/** My-class summary of the side menu: cartCnt, classCnt, expireCnt, pointSum (spec §3, §7). */
export function fetchMyClassInfo(useruid: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/GetMyClassInfo/{useruid}', { params: { path: { useruid } } }));
}

export const myClassKeys = {
  all: ['myClass'] as const,
  info: (useruid: string) => ['myClass', 'info', useruid] as const,
};

export function myClassInfoQuery(useruid: string) {
  return queryOptions({
    queryKey: myClassKeys.info(useruid),
    queryFn: () => fetchMyClassInfo(useruid),
    staleTime: 0,
  });
}
