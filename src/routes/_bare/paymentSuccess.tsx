import { createFileRoute } from '@tanstack/react-router';
import { ProviderReturnPage } from '../../features/checkout/ProviderReturnPage';
import { providerReturnOf } from '../../features/checkout/providerReturn';

const TITLE = '결제 완료';

export const Route = createFileRoute('/_bare/paymentSuccess')({
  staticData: { title: TITLE },
  validateSearch: providerReturnOf,
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  return <ProviderReturnPage result="success" query={Route.useSearch()} />;
}
