import { createFileRoute } from '@tanstack/react-router';
import { ReceiptPage } from '../../features/checkout/Receipt';
import { optionalNumber } from '../../lib/searchParams';

const TITLE = '수강 신청 결과';

export const Route = createFileRoute('/_bare/paymentResultFree')({
  staticData: { title: TITLE },
  validateSearch: (search: Record<string, unknown>) => ({ paymentid: optionalNumber(search.paymentid) ?? 0 }),
  component: PaymentResultFreePage,
});

function PaymentResultFreePage() {
  const { paymentid } = Route.useSearch();
  return <ReceiptPage paymentid={paymentid} free />;
}
