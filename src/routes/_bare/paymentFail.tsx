import { createFileRoute } from '@tanstack/react-router';
import { ProviderReturnPage } from '../../features/checkout/ProviderReturnPage';
import { providerReturnOf } from '../../features/checkout/providerReturn';

const TITLE = '결제 실패';

export const Route = createFileRoute('/_bare/paymentFail')({
  staticData: { title: TITLE },
  validateSearch: providerReturnOf,
  component: PaymentFailPage,
});

function PaymentFailPage() {
  return <ProviderReturnPage result="fail" query={Route.useSearch()} />;
}
