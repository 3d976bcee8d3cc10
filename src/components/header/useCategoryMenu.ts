import { useMemo } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { menuCategoriesQuery } from '../../api/queries/catalog';
import { buildCategoryTree, currentIdsFromPath, type MenuNode } from '../../lib/categories';

interface CategoryMenu {
  /** The tree of the current address; empty while loading or after a failure. */
  tree: MenuNode[];
  /** Set when the categories could not be loaded (and no retry is running): the menu says so in its place. */
  failure?: { error: unknown; retry: () => void };
  /** Set while the first answer is awaited: the menu's place holds a wait line that speaks only when it is late. */
  waiting?: { retry: () => void };
}

/** The category menu (spec §7) as the header, the compact header and the side menu show it. */
export function useCategoryMenu(): CategoryMenu {
  const query = useQuery(menuCategoriesQuery());
  const { data, error, isError, isFetching, refetch } = query;
  const href = useRouterState({ select: (s) => s.location.pathname + (s.location.hash ? `#${s.location.hash}` : '') });
  const tree = useMemo(() => buildCategoryTree(data ?? [], currentIdsFromPath(href)), [data, href]);
  const failed = data === undefined && isError && !isFetching;
  const retry = () => void refetch();
  return {
    tree,
    failure: failed ? { error, retry } : undefined,
    waiting: data === undefined && !failed ? { retry } : undefined,
  };
}
