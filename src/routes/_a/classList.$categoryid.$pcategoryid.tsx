import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '클래스 목록';

export const Route = createFileRoute('/_a/classList/$categoryid/$pcategoryid')({
  staticData: { title: TITLE },
  component: ClassListPage,
});

function ClassListPage() {
  return <EmptyPage title={TITLE} message="이 카테고리에 등록된 클래스가 없습니다." headingLevel={1} />;
}
