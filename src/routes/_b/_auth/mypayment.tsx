import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { paymentInfoQuery, paymentListQuery } from '../../../api/queries/payment';
import { useSessionUser } from '../../../auth/sessionStore';
import { PaymentDetailPage } from '../../../features/payment/PaymentDetailPage';
import { PaymentHistoryPage } from '../../../features/payment/PaymentHistoryPage';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';
import { dropDefaults, optionalNumber, pageOr1 } from '../../../lib/searchParams';

const TITLE = '결제내역 조회';

/** `?paymentid=` opens one order's detail; without it, the history page `?page=`. */
type PaymentSearch = { page: number; paymentid?: number };

function parsePaymentSearch(search: Partial<PaymentSearch> & SearchSchemaInput): PaymentSearch {
  const paymentid = optionalNumber(search.paymentid);
  return { page: pageOr1(search.page), ...(paymentid && Number.isInteger(paymentid) && paymentid > 0 ? { paymentid } : {}) };
}

export const Route = createFileRoute('/_b/_auth/mypayment')({
  staticData: { title: TITLE },
  validateSearch: parsePaymentSearch,
  search: { middlewares: [dropDefaults<PaymentSearch>({ page: 1 })] },
  loaderDeps: ({ search }) => ({ page: search.page, paymentid: search.paymentid }),
  loader: ({ context, deps }) =>
    deps.paymentid
      ? context.queryClient.ensureQueryData(paymentInfoQuery(deps.paymentid))
      : context.queryClient.ensureQueryData(paymentListQuery(context.auth.member()?.useruid ?? '', deps.page)),
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: MyPaymentRoute,
});

function MyPaymentRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  if (search.paymentid) return <PaymentDetailPage paymentid={search.paymentid} />;
  return (
    <PaymentHistoryPage
      useruid={user.data?.useruid ?? ''}
      page={search.page}
      onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
    />
  );
}
