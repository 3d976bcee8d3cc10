import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { lectureDetailQuery, VISITOR_UID } from '../../api/queries/catalog';
import { prefetchBriefly } from '../../api/prefetch';
import { ClassViewPage } from '../../features/catalog/ClassViewPage';
import { Section } from '../../components/section/Section';
import { useSessionUser } from '../../auth/sessionStore';
import { idParam } from '../../lib/routeParams';
import { seedFromFirstPaint } from '../../lib/firstPaintData';

const TITLE = '클래스 상세';

// The rating form sits below the fold: its code (and styles) load only when the ratings block renders.
const RatingPanel = lazy(() => import('../../features/ratings/RatingPanel').then((m) => ({ default: m.RatingPanel })));

export const Route = createFileRoute('/_b/classView/$contentsid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  // The member comes from the router context: a member's detail says whether the class is theirs.
  loader: ({ context, params }) => {
    const { queryClient } = context;
    const useruid = context.auth.member()?.useruid ?? VISITOR_UID;
    const detail = lectureDetailQuery(params.contentsid, useruid);
    // A visitor's first visit has the class's record in the document (server/http/classViewFirstPaint.ts): the summary,
    // the largest paint, renders with the first render instead of one call after the scripts have run.
    seedFromFirstPaint(queryClient, 'getOnlineDetail', { contentsid: params.contentsid, useruid }, detail.queryKey);
    return prefetchBriefly(queryClient, detail);
  },
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
        <Section resetKey={contentsid}>
          <RatingPanel contentsid={contentsid} useruid={useruid} />
        </Section>
      }
    />
  );
}
