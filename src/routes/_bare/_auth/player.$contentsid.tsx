import { Suspense, lazy, useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { PlayerPage } from '../../../features/player/PlayerPage';
import { idParam } from '../../../lib/routeParams';
import { optionalNumber } from '../../../lib/searchParams';

const TITLE = '클래스 플레이어';

// The Q&A tab is the third: its code (and the HTML sanitiser it brings) stays off the line to the first frame.
const LectureQna = lazy(() => import('../../../features/qna/LectureQna').then((m) => ({ default: m.LectureQna })));

export const Route = createFileRoute('/_bare/_auth/player/$contentsid')({
  staticData: { title: TITLE },
  // "이어보기" links carry the video and second: /player/121?videoid=1211&t=95.
  // A negative or unknown value opens where the server says (features/player/startPoint.ts).
  validateSearch: (search: Record<string, unknown>): { videoid?: number; t?: number } => ({
    videoid: optionalNumber(search.videoid),
    t: optionalNumber(search.t),
  }),
  component: PlayerRoute,
});

function PlayerRoute() {
  // The id is read here, not in `params.parse`: the route definition travels in the first-paint chunk.
  const contentsid = idParam(Route.useParams().contentsid);
  const { videoid, t } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const useruid = user.data?.useruid;
  const showVideo = useCallback((shown: number) => void navigate({ search: { videoid: shown }, replace: true }), [navigate]);
  if (!useruid) return null;
  return (
    <PlayerPage
      key={contentsid}
      contentsid={contentsid}
      useruid={useruid}
      videoid={videoid}
      t={t}
      onVideoShown={showVideo}
      qna={
        <Suspense fallback={null}>
          <LectureQna contentsid={contentsid} />
        </Suspense>
      }
    />
  );
}
