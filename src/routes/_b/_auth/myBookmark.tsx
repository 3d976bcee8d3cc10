import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '북마크';

export const Route = createFileRoute('/_b/_auth/myBookmark')({
  staticData: { title: TITLE },
  component: MyBookmarkPage,
});

function MyBookmarkPage() {
  return <EmptyPage title={TITLE} message="북마크한 강의가 없습니다." headingLevel={2} />;
}
