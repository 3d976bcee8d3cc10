import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { PaymentDetailPage } from '../../../features/payment/PaymentDetailPage';
import { PaymentHistoryPage } from '../../../features/payment/PaymentHistoryPage';
import { ScreenBoundary } from '../../../components/ui/ScreenBoundary';
import { optionalNumber } from '../../../lib/searchParams';

const TITLE = '결제내역 조회';

// Component only (see mycart.tsx): `?paymentid=` is read here, in the screen's chunk, not by a route validator.
export const Route = createFileRoute('/_b/_auth/mypayment')({
  staticData: { title: TITLE },
  component: MyPaymentRoute,
});

function MyPaymentRoute() {
  /** `?paymentid=` opens one order's detail (a result page can link to it); without it, the history. */
  const paymentid = useRouterState({ select: (s) => paymentIdOf(s.location.search) });
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <ScreenBoundary resetKey={paymentid}>
      {paymentid ? <PaymentDetailPage paymentid={paymentid} /> : <PaymentHistoryPage useruid={useruid} />}
    </ScreenBoundary>
  );
}

function paymentIdOf(search: object): number | undefined {
  const id = optionalNumber((search as { paymentid?: unknown }).paymentid);
  return id && Number.isInteger(id) && id > 0 ? id : undefined;
}
