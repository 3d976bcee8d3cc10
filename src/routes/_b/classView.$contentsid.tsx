import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '클래스 상세';

export const Route = createFileRoute('/_b/classView/$contentsid')({
  staticData: { title: TITLE },
  component: ClassViewPage,
});

function ClassViewPage() {
  return <EmptyPage title={TITLE} message="클래스 정보를 불러오는 중입니다." />;
}
