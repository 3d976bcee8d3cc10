import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { faqsQuery } from '../../api/queries/board';
import { QnaPage } from '../../features/board/QnaPage';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '고객센터 Q&A';

const qnaSearchSchema = z.object({ tab: z.catch(z.optional(z.enum(['faq', 'suggest'])), undefined) });

export const Route = createFileRoute('/_b/q&a')({
  staticData: { title: TITLE },
  validateSearch: qnaSearchSchema,
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
