import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery } from '../../api/queries/catalog';
import { MainPage } from '../../features/catalog/MainPage';
import { MainSkeleton } from '../../features/catalog/MainSkeleton';
import { RouteError } from '../../components/ui/RouteError';

/** /main-test: the same main page, kept as its own route (spec §2). */
export const Route = createFileRoute('/_a/main-test')({
  staticData: { title: '메인 (테스트)' },
  loader: ({ context }) => context.queryClient.ensureQueryData(bannersQuery()),
  pendingComponent: MainSkeleton,
  errorComponent: RouteError,
  component: MainPage,
});
