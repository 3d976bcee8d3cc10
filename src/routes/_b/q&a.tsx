import { createFileRoute } from '@tanstack/react-router';
import { faqsQuery } from '../../api/queries/board';
import { QnaPage } from '../../features/board/QnaPage';
import { optionalOneOf } from '../../lib/searchParams';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '고객센터 Q&A';

type QnaSearch = { tab?: 'faq' | 'suggest' | undefined };

function parseQnaSearch(search: Record<string, unknown>): QnaSearch {
  return { tab: optionalOneOf(search.tab, ['faq', 'suggest']) };
}

export const Route = createFileRoute('/_b/q&a')({
  staticData: { title: TITLE },
  validateSearch: parseQnaSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(faqsQuery()),
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: QnaRoute,
});

function QnaRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <QnaPage tab={tab ?? 'faq'} onTab={(next) => void navigate({ search: { tab: next } })} />;
}
