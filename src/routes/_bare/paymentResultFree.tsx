import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../features/checkout/Receipt';

const TITLE = '수강 신청 결과';

// `?paymentid=` is read by the screen (code-split), so the route definition adds nothing to the first paint.
export const Route = createFileRoute('/_bare/paymentResultFree')({
  staticData: { title: TITLE },
  component: PaymentResultFreePage,
});

function PaymentResultFreePage() {
  return <ReceiptPage free />;
}
