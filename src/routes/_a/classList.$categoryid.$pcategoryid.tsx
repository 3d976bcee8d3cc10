import { createFileRoute } from '@tanstack/react-router';
import { LECTURE_PAGE_SIZE, menuCategoriesQuery, onlineLecturesQuery } from '../../api/queries/catalog';
import type { components } from '../../api/schema.gen';
import { ClassListPage } from '../../features/catalog/ClassListPage';
import { CLASS_LIST_DEFAULTS, parseClassListSearch } from '../../features/catalog/classListSearch';
import { idParam } from '../../lib/routeParams';
import { dropDefaults } from '../../lib/searchParams';
import { takeFirstPaintData } from '../../lib/firstPaintData';
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
    const { queryClient } = context;
    const list = { page: deps.page, categoryid: params.categoryid, pcategoryid: params.pcategoryid, sortType: deps.sort };
    const lectures = onlineLecturesQuery(list);
    // A first visit's lectures and categories are already in the document (server/http/classListFirstPaint.ts): the
    // largest paint does not wait for calls that could only start once the scripts have run.
    const written = {
      lectures: takeFirstPaintData('getOnlineLectures', { pageSize: LECTURE_PAGE_SIZE, isonlybranch: true, ...list }),
      categories: takeFirstPaintData('getCategories', { isactive: 1, pcategoryid: 0 }),
    };
    if (written.lectures && queryClient.getQueryData(lectures.queryKey) === undefined) {
      queryClient.setQueryData(lectures.queryKey, written.lectures as components['schemas']['LecturePage']);
    }
    if (written.categories && queryClient.getQueryData(menuCategoriesQuery().queryKey) === undefined) {
      queryClient.setQueryData(menuCategoriesQuery().queryKey, written.categories as components['schemas']['Category'][]);
    }
    void queryClient.prefetchQuery(menuCategoriesQuery());
    return prefetchBriefly(queryClient, lectures);
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
