import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../features/checkout/Receipt';
import { optionalNumber } from '../../lib/searchParams';

const TITLE = '결제 결과';

export const Route = createFileRoute('/_bare/paymentResult')({
  staticData: { title: TITLE },
  validateSearch: (search: Record<string, unknown>) => ({ paymentid: optionalNumber(search.paymentid) ?? 0 }),
  component: PaymentResultPage,
});

function PaymentResultPage() {
  const { paymentid } = Route.useSearch();
  return <ReceiptPage paymentid={paymentid} free={false} />;
}
