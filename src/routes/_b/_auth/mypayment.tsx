import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../../components/page/EmptyPage';

const TITLE = '결제내역 조회';

export const Route = createFileRoute('/_b/_auth/mypayment')({
  staticData: { title: TITLE },
  component: MyPaymentPage,
});

function MyPaymentPage() {
  return <EmptyPage title={TITLE} message="결제내역이 없습니다." headingLevel={2} />;
}
