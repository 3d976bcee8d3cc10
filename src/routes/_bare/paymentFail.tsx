import { createFileRoute } from '@tanstack/react-router';
import { ProviderReturnPage } from '../../features/checkout/ProviderReturnPage';

const TITLE = '결제 실패';

// The provider's return query is read by the screen (code-split): the route definition stays out of the first paint.
export const Route = createFileRoute('/_bare/paymentFail')({
  staticData: { title: TITLE },
  component: PaymentFailPage,
});

function PaymentFailPage() {
  return <ProviderReturnPage result="fail" />;
}
