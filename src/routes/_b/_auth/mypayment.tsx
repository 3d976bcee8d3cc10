import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { PaymentDetailPage } from '../../../features/payment/PaymentDetailPage';
import { FIRST_LIST, PaymentHistoryPage } from '../../../features/payment/PaymentHistoryPage';
import { PaymentHistorySkeleton } from '../../../features/payment/PaymentHistorySkeleton';
import { Section } from '../../../components/section/Section';
import type { NotFoundText } from '../../../components/section/NotFoundCard';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { optionalNumber } from '../../../lib/searchParams';
import { prefetchBriefly } from '../../../api/prefetch';
import { paymentListQuery } from '../../../api/queries/payment';

const TITLE = '결제내역 조회';
const PAYMENT_NOT_FOUND: NotFoundText = { title: '없는 결제내역입니다.', back: { to: '/mypayment', label: '목록으로' } };

// `?paymentid=` is read here, in the screen's chunk, not by a route validator. The history's first page is asked for
// by the loader, while the screen's code is still coming, so it renders with its rows rather than its skeleton.
export const Route = createFileRoute('/_b/_auth/mypayment')({
  staticData: { title: TITLE },
  loader: ({ context, location }) => {
    const member = context.auth.member();
    if (member && !paymentIdOf(location.search)) return prefetchBriefly(context.queryClient, paymentListQuery(member.useruid, FIRST_LIST.page, FIRST_LIST.view));
  },
  component: MyPaymentRoute,
});

function MyPaymentRoute() {
  /** `?paymentid=` opens one order's detail (a result page can link to it); without it, the history. */
  const paymentid = useRouterState({ select: (s) => paymentIdOf(s.location.search) });
  const useruid = useSessionUser().data?.useruid ?? '';
  return (
    <Section
      resetKey={paymentid}
      notFound={PAYMENT_NOT_FOUND}
      fallback={paymentid ? <PageSkeleton lines={8} /> : <PaymentHistorySkeleton />}
    >
      {paymentid ? <PaymentDetailPage paymentid={paymentid} /> : <PaymentHistoryPage useruid={useruid} />}
    </Section>
  );
}

function paymentIdOf(search: object): number | undefined {
  const id = optionalNumber((search as { paymentid?: unknown }).paymentid);
  return id && Number.isInteger(id) && id > 0 ? id : undefined;
}
