import { createFileRoute } from '@tanstack/react-router';
import { lectureDetailQuery, VISITOR_UID } from '../../api/queries/catalog';
import { ClassViewPage } from '../../features/catalog/ClassViewPage';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';
import { sessionStore, useSessionUser } from '../../auth/sessionStore';

const TITLE = '클래스 상세';

function currentUid(): string {
  return sessionStore.get().user.data?.useruid ?? VISITOR_UID;
}

export const Route = createFileRoute('/_b/classView/$contentsid')({
  staticData: { title: TITLE },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(lectureDetailQuery(Number(params.contentsid) || 0, currentUid())),
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: ClassViewRoute,
});

function ClassViewRoute() {
  const { contentsid } = Route.useParams();
  const user = useSessionUser();
  return <ClassViewPage contentsid={Number(contentsid) || 0} useruid={user.data?.useruid ?? VISITOR_UID} />;
}
