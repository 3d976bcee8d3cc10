import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { lectureDetailQuery, VISITOR_UID } from '../../api/queries/catalog';
import { ClassViewPage } from '../../features/catalog/ClassViewPage';
import { PageSkeleton } from '../../components/ui/Skeleton';
import { RouteError } from '../../components/ui/RouteError';
import { useSessionUser } from '../../auth/sessionStore';
import { idParam } from '../../lib/routeParams';

const TITLE = '클래스 상세';

// The rating form sits below the fold: its code (and styles) load only when the ratings block renders.
const RatingPanel = lazy(() => import('../../features/ratings/RatingPanel').then((m) => ({ default: m.RatingPanel })));

export const Route = createFileRoute('/_b/classView/$contentsid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  // The member comes from the router context: a member's detail says whether the class is theirs.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(lectureDetailQuery(params.contentsid, context.auth.member()?.useruid ?? VISITOR_UID)),
  pendingComponent: () => <PageSkeleton lines={8} />,
  errorComponent: RouteError,
  component: ClassViewRoute,
});

function ClassViewRoute() {
  const { contentsid } = Route.useParams();
  const user = useSessionUser();
  const useruid = user.data?.useruid ?? null;
  // The route composes the two features: catalog lays the page out, ratings owns the member's rating.
  return (
    <ClassViewPage
      contentsid={contentsid}
      useruid={useruid ?? VISITOR_UID}
      ratingPanel={
        <Suspense fallback={null}>
          <RatingPanel contentsid={contentsid} useruid={useruid} />
        </Suspense>
      }
    />
  );
}
