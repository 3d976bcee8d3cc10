import { createFileRoute } from '@tanstack/react-router';
import { noticeInfoQuery } from '../../api/queries/board';
import { NoticeViewPage } from '../../features/board/NoticeViewPage';
import { prefetchBriefly } from '../../api/prefetch';
import { idParam } from '../../lib/routeParams';

const TITLE = '공지사항';

export const Route = createFileRoute('/_b/noticeView/$noticeid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ noticeid: idParam(p.noticeid) }), stringify: (p) => ({ noticeid: String(p.noticeid) }) },
  loader: ({ context, params }) => prefetchBriefly(context.queryClient, noticeInfoQuery(params.noticeid)),
  component: NoticeViewRoute,
});

function NoticeViewRoute() {
  const { noticeid } = Route.useParams();
  return <NoticeViewPage noticeid={noticeid} />;
}
