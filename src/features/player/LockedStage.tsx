import { Link } from '@tanstack/react-router';
import { isApiError } from '../../api/errors';

/** The server's refusal of a video the member may not play (not bought, or the period is over). */
export function isLockedRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * The video area for a locked lecture (issue 26): why it is locked and the way to buy the class, instead of a
 * generic failure. A class whose period ended says that, with its end date; the free preview stays in the list.
 */
export function LockedStage({ contentsid, title, endedText }: { contentsid: number; title?: string; endedText?: string }) {
  return (
    <div className="player-stage player-stage--message player-locked" role="status">
      <p className="player-locked__title">구매 후 수강 가능</p>
      {title ? <p className="player-stage__reason">{title}</p> : null}
      <p className="player-stage__reason">{endedText ?? '클래스를 구매하면 모든 강의를 수강할 수 있습니다.'}</p>
      <div className="player-stage__actions">
        <Link to="/classView/$contentsid" params={{ contentsid }} className="btn btn--dark">
          클래스 소개 보기
        </Link>
        <Link to="/payment/$contentsids" params={{ contentsids: String(contentsid) }} className="btn btn--primary">
          바로 구매
        </Link>
      </div>
    </div>
  );
}
