import { createFileRoute } from '@tanstack/react-router';
import { ProviderReturnPage } from '../../features/checkout/ProviderReturnPage';

const TITLE = '결제 완료';

// The provider's return query is read by the screen (code-split): the route definition stays out of the first paint.
export const Route = createFileRoute('/_bare/paymentSuccess')({
  staticData: { title: TITLE },
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  return <ProviderReturnPage result="success" />;
}
