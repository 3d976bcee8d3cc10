import { createFileRoute } from '@tanstack/react-router';
import { faqsQuery } from '../../api/queries/board';
import { QnaPage } from '../../features/board/QnaPage';
import { optionalOneOf } from '../../lib/searchParams';
import { prefetchBriefly } from '../../api/prefetch';

const TITLE = '고객센터 Q&A';

type QnaSearch = { tab?: 'faq' | 'suggest' | undefined };

function parseQnaSearch(search: Record<string, unknown>): QnaSearch {
  return { tab: optionalOneOf(search.tab, ['faq', 'suggest']) };
}

export const Route = createFileRoute('/_b/q&a')({
  staticData: { title: TITLE },
  validateSearch: parseQnaSearch,
  loader: ({ context }) => prefetchBriefly(context.queryClient, faqsQuery()),
  component: QnaRoute,
});

function QnaRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <QnaPage tab={tab ?? 'faq'} onTab={(next) => void navigate({ search: { tab: next } })} />;
}
