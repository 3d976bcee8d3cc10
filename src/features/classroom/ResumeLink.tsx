import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../components/section/QueryState';
import { PlayerLink } from './PlayerLink';
import { classResumePoint, lastWatchPoint } from './resumePoint';

type Completion = { videoid: number; watchedtime: number; iscomplete: boolean };
type LastWatch = { contentsid: number; videoid: number; watchedtime: number; duration: number } | null;

const LABEL = '이어보기';
const waiting = (
  <span className="btn btn--primary" aria-disabled="true">
    {LABEL}
  </span>
);

/**
 * "이어보기" of one class: the member's last second when it was in this class, else the first unfinished video.
 * A resume point that could not be read is never guessed: its message with 다시 시도 stands where the button was.
 */
export function ResumeLink({
  contentsid,
  last,
  videos,
}: {
  contentsid: number;
  last: UseQueryResult<LastWatch>;
  videos: UseQueryResult<Completion[]>;
}) {
  return (
    <QueryState query={last} fallback={waiting}>
      {(lastWatch) =>
        lastWatch?.contentsid === contentsid ? (
          <PlayerLink contentsid={contentsid} {...lastWatchPoint(lastWatch)}>
            {LABEL}
          </PlayerLink>
        ) : (
          <QueryState query={videos} fallback={waiting}>
            {(completion) => {
              const point = classResumePoint(contentsid, completion, lastWatch);
              return (
                <PlayerLink contentsid={contentsid} videoid={point.videoid} seconds={point.seconds}>
                  {LABEL}
                </PlayerLink>
              );
            }}
          </QueryState>
        )
      }
    </QueryState>
  );
}
