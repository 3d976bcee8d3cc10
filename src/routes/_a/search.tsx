import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { onlineLecturesQuery } from '../../api/queries/catalog';
import { SearchPage } from '../../features/catalog/SearchPage';
import { dropDefaults, pageOr1, textOr } from '../../lib/searchParams';
import { prefetchBriefly } from '../../api/prefetch';

const TITLE = '통합검색';

/** `/search?schtext=` (spec §2, route name search). */
type SearchPageSearch = { schtext: string; page: number };

/** Typed as SearchSchemaInput so links may leave schtext and page out; they read as '' and 1. */
function parseSearchPageSearch(search: Partial<SearchPageSearch> & SearchSchemaInput): SearchPageSearch {
  return { schtext: textOr(search.schtext, ''), page: pageOr1(search.page) };
}

export const Route = createFileRoute('/_a/search')({
  staticData: { title: TITLE },
  validateSearch: parseSearchPageSearch,
  search: { middlewares: [dropDefaults<SearchPageSearch>({ page: 1 })] },
  loaderDeps: ({ search }) => ({ schtext: search.schtext.trim(), page: search.page }),
  loader: ({ context, deps }) =>
    prefetchBriefly(context.queryClient, onlineLecturesQuery({ page: deps.page, schtext: deps.schtext })),
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage
      schtext={search.schtext.trim()}
      page={search.page}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  );
}
