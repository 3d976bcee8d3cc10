import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '전자책 관리';

export const Route = createFileRoute('/_b/_auth/myEbook')({
  staticData: { title: TITLE },
  component: MyEbookPage,
});

function MyEbookPage() {
  return <EmptyPage title={TITLE} message="보유한 전자책이 없습니다." headingLevel={2} />;
}
