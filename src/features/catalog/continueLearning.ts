import type { components } from '../../api/schema.gen';
import { enrolmentEnded } from '../../lib/enrolmentEnd';
import { formatClock } from '../../lib/format';

type LastWatch = components['schemas']['LastWatch'];

/** A position this close to the end opens the lecture from its start (as the player's start point does). */
const NEAR_END_SECONDS = 5;

/** What the main page's "이어서 학습하기" block shows, and where its link goes. */
interface ContinuePoint {
  contentsid: number;
  videoid: number;
  /** The second the player opens at (`?t=`); 0 opens from the start. */
  seconds: number;
  classTitle: string;
  lectureTitle: string;
  thumbnail: string;
  /** "12:34 / 25:00". */
  clock: string;
  /** Watched share of the lecture, 0–100. */
  percent: number;
}

/**
 * The member's last lecture, or nothing: never watched, the class is no longer theirs, or its period is over
 * (the link would lead to locked lessons; the ended class says so in the classroom instead).
 */
export function continuePoint(last: LastWatch | null | undefined, now: Date = new Date()): ContinuePoint | undefined {
  if (!last || !last.expiredate || enrolmentEnded(last.expiredate, now)) return undefined;
  const nearEnd = last.duration > 0 && last.watchedtime >= last.duration - NEAR_END_SECONDS;
  const seconds = nearEnd ? 0 : Math.floor(last.watchedtime);
  return {
    contentsid: last.contentsid,
    videoid: last.videoid,
    seconds,
    classTitle: last.lecturetitle,
    lectureTitle: last.videotitle,
    thumbnail: last.thumbnail,
    clock: `${formatClock(seconds)} / ${formatClock(last.duration)}`,
    percent: last.duration > 0 ? Math.min(100, Math.round((seconds / last.duration) * 100)) : 0,
  };
}
