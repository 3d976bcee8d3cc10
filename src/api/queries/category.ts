import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';

/** Menu categories: GET /api/Category/GetList/category?isactive=1&pcategoryid=0 (spec §7). */
export function fetchMenuCategories(client: ApiClient = api) {
  return datasOf(client.GET('/api/Category/GetList/category', { params: { query: { isactive: 1, pcategoryid: 0 } } }));
}

export const categoryKeys = {
  menu: ['category', 'menu'] as const,
};

export function menuCategoriesQuery() {
  return queryOptions({
    queryKey: categoryKeys.menu,
    queryFn: () => fetchMenuCategories(),
    staleTime: 10 * 60_000,
  });
}
