import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '공지사항';

export const Route = createFileRoute('/_b/notice')({
  staticData: { title: TITLE },
  component: NoticePage,
});

function NoticePage() {
  return <EmptyPage title={TITLE} message="등록된 공지사항이 없습니다." headingLevel={2} />;
}
