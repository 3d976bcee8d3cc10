import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '수강중인 클래스';

export const Route = createFileRoute('/_b/_auth/myclass')({
  staticData: { title: TITLE },
  component: MyClassPage,
});

function MyClassPage() {
  return <EmptyPage title={TITLE} message="수강중인 클래스가 없습니다." headingLevel={2} />;
}
