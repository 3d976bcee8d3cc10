import { Link } from '@tanstack/react-router';

interface PlayerLinkProps {
  contentsid: number;
  /** The video to open; the player picks the first one when absent. */
  videoid?: number | null;
  /** Second to resume at (the player reads `?videoid=&t=`, agreed with the player screen). */
  seconds?: number | null;
  className?: string;
  children: React.ReactNode;
}

/** "이어보기" and every other way into the player: the exact video and second as search params. */
export function PlayerLink({ contentsid, videoid, seconds, className = 'btn btn--primary btn--sm', children }: PlayerLinkProps) {
  const search: Record<string, number> = {};
  if (videoid) search.videoid = videoid;
  if (videoid && seconds) search.t = Math.floor(seconds);
  return (
    <Link to="/player/$contentsid" params={{ contentsid: String(contentsid) }} search={search} className={className}>
      {children}
    </Link>
  );
}
