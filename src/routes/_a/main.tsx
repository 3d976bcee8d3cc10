import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';
import { PRODUCT_NAME } from '../../lib/routeMeta';

export const Route = createFileRoute('/_a/main')({
  staticData: { title: PRODUCT_NAME },
  component: MainPage,
});

function MainPage() {
  return <EmptyPage title={PRODUCT_NAME} message="추천 클래스를 준비하고 있습니다." headingLevel={1} />;
}
