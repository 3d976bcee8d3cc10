import { createFileRoute } from '@tanstack/react-router';
import { PaymentPage } from '../../../features/checkout/PaymentPage';
import { orderIdsOf } from '../../../features/checkout/orderIds';

const TITLE = '결제하기';

export const Route = createFileRoute('/_b/_auth/payment/$contentsids')({
  staticData: { title: TITLE },
  component: PaymentRoute,
});

function PaymentRoute() {
  const { contentsids } = Route.useParams();
  return <PaymentPage key={contentsids} contentsids={orderIdsOf(contentsids)} />;
}
