import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '결제하기';

export const Route = createFileRoute('/_b/_auth/payment/$contentsids')({
  staticData: { title: TITLE },
  component: PaymentPage,
});

function PaymentPage() {
  return <EmptyPage title={TITLE} message="결제할 클래스를 불러오는 중입니다." />;
}
