import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '결제 결과';

export const Route = createFileRoute('/_bare/paymentResult')({
  staticData: { title: TITLE },
  component: PaymentResultPage,
});

function PaymentResultPage() {
  return <EmptyPage title={TITLE} message="결제 결과를 확인하고 있습니다." headingLevel={1} />;
}
