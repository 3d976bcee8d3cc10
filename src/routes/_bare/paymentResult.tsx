import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../features/checkout/Receipt';

const TITLE = '결제 결과';

// `?paymentid=` is read by the screen (code-split), so the route definition adds nothing to the first paint.
export const Route = createFileRoute('/_bare/paymentResult')({
  staticData: { title: TITLE },
  component: PaymentResultPage,
});

function PaymentResultPage() {
  return <ReceiptPage free={false} />;
}
