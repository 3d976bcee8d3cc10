import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { onlineLecturesQuery } from '../../api/queries/catalog';
import { SearchPage } from '../../features/catalog/SearchPage';
import { pageOf } from '../../features/catalog/classListSearch';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '통합검색';

/** `/search?schtext=` (spec §2, route name search). */
export const searchSearchSchema = z.object({
  schtext: z._default(z.string(), ''),
  page: z.catch(z.optional(z.number()), undefined),
});

export const Route = createFileRoute('/_a/search')({
  staticData: { title: TITLE },
  validateSearch: searchSearchSchema,
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
