import { useMemo } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { menuCategoriesQuery } from '../../api/queries/catalog';
import { buildCategoryTree, currentIdsFromPath, type MenuNode } from '../../lib/categories';

/** Menu tree of the current address; empty while loading or when the load failed (spec §7). */
export function useCategoryMenu(): MenuNode[] {
  const { data } = useQuery(menuCategoriesQuery());
  const href = useRouterState({ select: (s) => s.location.pathname + (s.location.hash ? `#${s.location.hash}` : '') });
  return useMemo(() => buildCategoryTree(data ?? [], currentIdsFromPath(href)), [data, href]);
}
