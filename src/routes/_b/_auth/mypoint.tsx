import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '포인트';

export const Route = createFileRoute('/_b/_auth/mypoint')({
  staticData: { title: TITLE },
  component: MyPointPage,
});

function MyPointPage() {
  return <EmptyPage title={TITLE} message="포인트 내역이 없습니다." headingLevel={2} />;
}
