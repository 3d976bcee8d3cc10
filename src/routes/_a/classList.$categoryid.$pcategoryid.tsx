import { createFileRoute } from '@tanstack/react-router';
import { onlineLecturesQuery } from '../../api/queries/catalog';
import { menuCategoriesQuery } from '../../api/queries/catalog';
import { ClassListPage } from '../../features/catalog/ClassListPage';
import { pageOf, parseClassListSearch, sortOf } from '../../features/catalog/classListSearch';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '클래스 목록';

export const Route = createFileRoute('/_a/classList/$categoryid/$pcategoryid')({
  staticData: { title: TITLE },
  validateSearch: parseClassListSearch,
  loaderDeps: ({ search }) => ({ sort: sortOf(search), page: pageOf(search) }),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(menuCategoriesQuery());
    return context.queryClient.ensureQueryData(
      onlineLecturesQuery({
        page: deps.page,
        categoryid: Number(params.categoryid) || 0,
        pcategoryid: Number(params.pcategoryid) || 0,
        sortType: deps.sort,
      }),
    );
  },
  pendingComponent: () => (
    <div className="page">
      <LectureGridSkeleton count={8} />
    </div>
  ),
  errorComponent: RouteError,
  component: ClassListRoute,
});

function ClassListRoute() {
  const params = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClassListPage
      categoryid={Number(params.categoryid) || 0}
      pcategoryid={Number(params.pcategoryid) || 0}
      sort={sortOf(search)}
      page={pageOf(search)}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
