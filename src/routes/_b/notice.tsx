import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { noticesQuery } from '../../api/queries/board';
import { NoticeListPage } from '../../features/board/NoticeListPage';
import { isnoticeOf } from '../../features/board/noticeKind';
import { dropDefaults, optionalOneOf, pageOr1 } from '../../lib/searchParams';
import { prefetchBriefly } from '../../api/prefetch';

const TITLE = '공지사항';

type NoticeSearch = { kind: 'notice' | 'news'; page: number };
const NOTICE_DEFAULTS: NoticeSearch = { kind: 'notice', page: 1 };

/** Defaults filled in here once; links may leave both out. */
function parseNoticeSearch(search: Partial<NoticeSearch> & SearchSchemaInput): NoticeSearch {
  return { kind: optionalOneOf(search.kind, ['notice', 'news']) ?? NOTICE_DEFAULTS.kind, page: pageOr1(search.page) };
}

export const Route = createFileRoute('/_b/notice')({
  staticData: { title: TITLE },
  validateSearch: parseNoticeSearch,
  search: { middlewares: [dropDefaults(NOTICE_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ kind: search.kind, page: search.page }),
  loader: ({ context, deps }) =>
    prefetchBriefly(context.queryClient, noticesQuery({ page: deps.page, isnotice: isnoticeOf(deps.kind) })),
  component: NoticeRoute,
});

function NoticeRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <NoticeListPage
      kind={search.kind}
      page={search.page}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
