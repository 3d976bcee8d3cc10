import { createFileRoute } from '@tanstack/react-router';
import { noticeInfoQuery } from '../../api/queries/board';
import { NoticeViewPage } from '../../features/board/NoticeViewPage';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';

const TITLE = '공지사항';

export const Route = createFileRoute('/_b/noticeView/$noticeid')({
  staticData: { title: TITLE },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(noticeInfoQuery(Number(params.noticeid) || 0)),
  pendingComponent: () => <PageSkeleton lines={10} />,
  errorComponent: RouteError,
  component: NoticeViewRoute,
});

function NoticeViewRoute() {
  const { noticeid } = Route.useParams();
  return <NoticeViewPage noticeid={Number(noticeid) || 0} />;
}
