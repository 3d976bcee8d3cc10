import type { components } from '../../api/schema.gen';
import { enrolmentEnded } from '../../lib/enrolmentEnd';
import { formatClock } from '../../lib/format';
import { atVideoEnd } from '../../../rules/startPoint';

type LastWatch = components['schemas']['LastWatch'];

/** What the main page's "이어서 학습하기" block shows, and where its link goes. */
interface ContinuePoint {
  contentsid: number;
  /** The video the link names; null when the last one was watched to its end: the player goes on with the next one. */
  videoid: number | null;
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
  // Watched to its end: the block shows it whole, and the link names no video, so the player goes on from it to the
  // next unfinished one by the start rule (rules/startPoint.ts) instead of replaying it.
  const ended = atVideoEnd(last.watchedtime, last.duration);
  const seconds = ended ? last.duration : Math.floor(last.watchedtime);
  return {
    contentsid: last.contentsid,
    videoid: ended ? null : last.videoid,
    seconds: ended ? 0 : seconds,
    classTitle: last.lecturetitle,
    lectureTitle: last.videotitle,
    thumbnail: last.thumbnail,
    clock: `${formatClock(seconds)} / ${formatClock(last.duration)}`,
    percent: last.duration > 0 ? Math.min(100, Math.round((seconds / last.duration) * 100)) : 0,
  };
}
