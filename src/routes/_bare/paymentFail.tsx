import { createFileRoute } from '@tanstack/react-router';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '결제 실패';

export const Route = createFileRoute('/_bare/paymentFail')({
  staticData: { title: TITLE },
  component: PaymentFailPage,
});

function PaymentFailPage() {
  return <EmptyPage title={TITLE} message="결제가 완료되지 않았습니다." headingLevel={1} />;
}
