import { createFileRoute } from '@tanstack/react-router';
import { myLecturesQuery } from '../../../api/queries/classroom-lectures';
import { useSessionUser } from '../../../auth/sessionStore';
import { MyClassList } from '../../../features/classroom/MyClassList';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { RouteError } from '../../../components/ui/RouteError';

export const Route = createFileRoute('/_b/_auth/myclass')({
  staticData: { title: '수강중인 클래스' },
  loader: ({ context }) => {
    const useruid = context.auth.member()?.useruid;
    return useruid ? context.queryClient.ensureQueryData(myLecturesQuery(useruid, 'ing')) : undefined;
  },
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: MyClassRoute,
});

function MyClassRoute() {
  const user = useSessionUser();
  return <MyClassList useruid={user.data?.useruid ?? ''} tab="ing" />;
}
