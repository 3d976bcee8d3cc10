import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '결제 완료';

export const Route = createFileRoute('/_bare/paymentSuccess')({
  staticData: { title: TITLE },
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  return <EmptyPage title={TITLE} message="결제 결과를 확인하고 있습니다." headingLevel={1} />;
}
