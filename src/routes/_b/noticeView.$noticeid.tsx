import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '공지사항';

export const Route = createFileRoute('/_b/noticeView/$noticeid')({
  staticData: { title: TITLE },
  component: NoticeViewPage,
});

function NoticeViewPage() {
  return <EmptyPage title={TITLE} message="공지사항을 불러오는 중입니다." />;
}
