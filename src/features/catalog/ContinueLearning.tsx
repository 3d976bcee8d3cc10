import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lastWatchTimeQuery } from '../../api/queries/progress';
import { InlineFailure } from '../../components/section/InlineFailure';
import { QueryState } from '../../components/section/QueryState';
import { continuePoint } from './continueLearning';

/**
 * "이어서 학습하기" on /main for a signed-in member (issue 26): the last class and lecture, one link to the player at
 * that second. Loaded after first paint (MainPage imports it lazily, only for a member). The box is reserved while it
 * loads; nothing shows when nothing was watched or the class has ended (the classroom's 이어보기 holds the same point);
 * a failed call says so in the box with 다시 시도.
 */
export function ContinueLearning({ useruid }: { useruid: string }) {
  const last = useQuery(lastWatchTimeQuery(useruid));
  // The block's box is held while the answer comes, so the sections below do not move when it arrives; a slow or
  // failed answer says so in that box, with 다시 시도, as every section does.
  if (last.data === undefined)
    return last.isError && !last.isFetching ? (
      <div className="continue-slot">
        <InlineFailure subject="이어서 학습하기" error={last.error} onRetry={() => void last.refetch()} />
      </div>
    ) : (
      <div className="continue-slot">
        <QueryState query={last}>{() => null}</QueryState>
      </div>
    );
  const point = continuePoint(last.data);
  if (!point) return null;
  return (
    <section className="continue-learning" aria-labelledby="continue-learning-title">
      <img className="continue-learning__thumb" src={point.thumbnail} alt="" width={128} height={80} decoding="async" />
      <div className="continue-learning__text">
        <h2 id="continue-learning-title" className="continue-learning__label">
          이어서 학습하기
        </h2>
        <p className="continue-learning__class">{point.classTitle}</p>
        <p className="continue-learning__lecture">
          {point.lectureTitle} <span className="continue-learning__clock">{point.clock}</span>
        </p>
        <div className="continue-learning__bar" aria-hidden="true">
          <span style={{ width: `${point.percent}%` }} />
        </div>
      </div>
      <Link
        to="/player/$contentsid"
        params={{ contentsid: String(point.contentsid) }}
        search={point.videoid === null ? {} : point.seconds > 0 ? { videoid: point.videoid, t: point.seconds } : { videoid: point.videoid }}
        className="btn btn--primary continue-learning__go"
        aria-label={`이어보기: ${point.classTitle} · ${point.lectureTitle}`}
      >
        이어보기
      </Link>
    </section>
  );
}
