import { createFileRoute } from '@tanstack/react-router';
import { noticesQuery } from '../../api/queries/board';
import { NoticeListPage } from '../../features/board/NoticeListPage';
import { isnoticeOf } from '../../features/board/noticeKind';
import { pageOf } from '../../features/catalog/classListSearch';
import { optionalNumber, optionalOneOf } from '../../lib/searchParams';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '공지사항';

type NoticeSearch = { kind?: 'notice' | 'news' | undefined; page?: number | undefined };

function parseNoticeSearch(search: Record<string, unknown>): NoticeSearch {
  return { kind: optionalOneOf(search.kind, ['notice', 'news']), page: optionalNumber(search.page) };
}

export const Route = createFileRoute('/_b/notice')({
  staticData: { title: TITLE },
  validateSearch: parseNoticeSearch,
  loaderDeps: ({ search }) => ({ kind: search.kind ?? 'notice', page: pageOf(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(noticesQuery({ page: deps.page, isnotice: isnoticeOf(deps.kind) })),
  pendingComponent: () => <PageSkeleton lines={10} />,
  errorComponent: RouteError,
  component: NoticeRoute,
});

function NoticeRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NoticeListPage
      kind={search.kind ?? 'notice'}
      page={pageOf(search)}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
