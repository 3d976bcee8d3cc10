import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery } from '../../api/queries/catalog';
import { MainPage } from '../../features/catalog/MainPage';
import { MainSkeleton } from '../../features/catalog/MainSkeleton';
import { RouteError } from '../../components/ui/RouteError';
import { PRODUCT_NAME } from '../../lib/routeMeta';

export const Route = createFileRoute('/_a/main')({
  staticData: { title: PRODUCT_NAME },
  // Only the banners block first paint; every other section fetches after it.
  loader: ({ context }) => context.queryClient.ensureQueryData(bannersQuery()),
  pendingComponent: MainSkeleton,
  errorComponent: RouteError,
  component: MainPage,
});
