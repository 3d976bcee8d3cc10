import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '수강 신청 결과';

export const Route = createFileRoute('/_bare/paymentResultFree')({
  staticData: { title: TITLE },
  component: PaymentResultFreePage,
});

function PaymentResultFreePage() {
  return <EmptyPage title={TITLE} message="수강 신청 결과를 확인하고 있습니다." headingLevel={1} />;
}
