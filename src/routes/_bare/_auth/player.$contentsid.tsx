import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/sessionStore';
import { RouteError } from '../../../components/ui/RouteError';
import { PlayerPage } from '../../../features/player/PlayerPage';
import { watchQueue } from '../../../features/player/durableQueue';
import { idParam } from '../../../lib/routeParams';
import { optionalNumber } from '../../../lib/searchParams';

const TITLE = '클래스 플레이어';

/** A whole second ≥ 0 or a positive id from the address, else absent. */
const positive = (v: unknown) => {
  const n = optionalNumber(v);
  return n !== undefined && n >= 0 ? Math.floor(n) : undefined;
};

export const Route = createFileRoute('/_bare/_auth/player/$contentsid')({
  staticData: { title: TITLE },
  params: { parse: (p) => ({ contentsid: idParam(p.contentsid) }), stringify: (p) => ({ contentsid: String(p.contentsid) }) },
  // "이어보기" links carry the video and second: /player/121?videoid=1211&t=95.
  validateSearch: (search: Record<string, unknown>): { videoid?: number; t?: number } => ({
    videoid: positive(search.videoid) || undefined,
    t: positive(search.t),
  }),
  // Writes left from a cut network or a closed tab go first, so the resume position read next is current.
  loader: () => watchQueue.flush().catch(() => undefined),
  errorComponent: RouteError,
  component: PlayerRoute,
});

function PlayerRoute() {
  const { contentsid } = Route.useParams();
  const { videoid, t } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useSessionUser();
  const useruid = user.data?.useruid;
  const showVideo = useCallback((shown: number) => void navigate({ search: { videoid: shown }, replace: true }), [navigate]);
  if (!useruid) return null;
  return (
    <PlayerPage key={contentsid} contentsid={contentsid} useruid={useruid} videoid={videoid} t={t} onVideoShown={showVideo} />
  );
}
