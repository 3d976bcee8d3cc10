import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { onlineLecturesQuery } from '../../api/queries/catalog';
import { SearchPage } from '../../features/catalog/SearchPage';
import { pageOf } from '../../features/catalog/classListSearch';
import { optionalNumber, textOr } from '../../lib/searchParams';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '통합검색';

/** `/search?schtext=` (spec §2, route name search). */
type SearchPageSearch = { schtext: string; page?: number | undefined };

/** Typed as SearchSchemaInput so links may leave schtext out; it reads as ''. */
function parseSearchPageSearch(search: Partial<SearchPageSearch> & SearchSchemaInput): SearchPageSearch {
  return { schtext: textOr(search.schtext, ''), page: optionalNumber(search.page) };
}

export const Route = createFileRoute('/_a/search')({
  staticData: { title: TITLE },
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ schtext: search.schtext.trim(), page: pageOf(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(onlineLecturesQuery({ page: deps.page, schtext: deps.schtext })),
  pendingComponent: () => (
    <div className="page">
      <LectureGridSkeleton count={8} />
    </div>
  ),
  errorComponent: RouteError,
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SearchPage schtext={search.schtext.trim()} page={pageOf(search)} onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })} />;
}
