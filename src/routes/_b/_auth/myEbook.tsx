import { createFileRoute } from '@tanstack/react-router';
import { myLecturesQuery } from '../../../api/queries/classroom-lectures';
import { useSessionUser } from '../../../auth/sessionStore';
import { EbookPage } from '../../../features/classroom/EbookPage';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';

export const Route = createFileRoute('/_b/_auth/myEbook')({
  staticData: { title: '전자책 관리' },
  loader: ({ context }) => {
    const useruid = context.auth.member()?.useruid;
    return useruid ? context.queryClient.ensureQueryData(myLecturesQuery(useruid, 'ing')) : undefined;
  },
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: MyEbookRoute,
});

function MyEbookRoute() {
  const user = useSessionUser();
  return <EbookPage useruid={user.data?.useruid ?? ''} />;
}
