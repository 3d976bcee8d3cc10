import { createFileRoute } from '@tanstack/react-router';
import { menuCategoriesQuery, onlineLecturesQuery } from '../../api/queries/catalog';
import { ClassListPage } from '../../features/catalog/ClassListPage';
import { CLASS_LIST_DEFAULTS, parseClassListSearch } from '../../features/catalog/classListSearch';
import { idParam } from '../../lib/routeParams';
import { dropDefaults } from '../../lib/searchParams';
import { prefetchBriefly } from '../../api/prefetch';

const TITLE = '클래스 목록';

export const Route = createFileRoute('/_a/classList/$categoryid/$pcategoryid')({
  staticData: { title: TITLE },
  params: {
    parse: (p) => ({ categoryid: idParam(p.categoryid), pcategoryid: idParam(p.pcategoryid) }),
    stringify: (p) => ({ categoryid: String(p.categoryid), pcategoryid: String(p.pcategoryid) }),
  },
  validateSearch: parseClassListSearch,
  search: { middlewares: [dropDefaults(CLASS_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ sort: search.sort, page: search.page }),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(menuCategoriesQuery());
    return prefetchBriefly(
      context.queryClient,
      onlineLecturesQuery({
        page: deps.page,
        categoryid: params.categoryid,
        pcategoryid: params.pcategoryid,
        sortType: deps.sort,
      }),
    );
  },
  component: ClassListRoute,
});

function ClassListRoute() {
  const { categoryid, pcategoryid } = Route.useParams();
  const { sort, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClassListPage
      categoryid={categoryid}
      pcategoryid={pcategoryid}
      sort={sort}
      page={page}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
