import { createFileRoute } from '@tanstack/react-router';
import { cartQuery } from '../../../api/queries/cart';
import { useSessionUser } from '../../../auth/sessionStore';
import { CartPage } from '../../../features/cart/CartPage';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';

const TITLE = '장바구니';

export const Route = createFileRoute('/_b/_auth/mycart')({
  staticData: { title: TITLE },
  loader: ({ context }) => context.queryClient.ensureQueryData(cartQuery(context.auth.member()?.useruid ?? '')),
  pendingComponent: () => <PageSkeleton lines={6} />,
  errorComponent: RouteError,
  component: MyCartRoute,
});

function MyCartRoute() {
  const user = useSessionUser();
  return <CartPage useruid={user.data?.useruid ?? ''} />;
}
