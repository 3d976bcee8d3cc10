import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '장바구니';

export const Route = createFileRoute('/_b/_auth/mycart')({
  staticData: { title: TITLE },
  component: MyCartPage,
});

function MyCartPage() {
  return <EmptyPage title={TITLE} message="장바구니에 담긴 클래스가 없습니다." headingLevel={2} />;
}
