import type { components } from '../src/api/schema.gen';

type Video = components['schemas']['Video'];
type WatchTime = components['schemas']['WatchTime'];

// Where the player opens. Pure: the player applies it, and the reference backend too when it writes the video into
// the player's first paint (server/http/playerFirstPaint.ts), so both open the same video at the same second.

/** Which video opens, and at which second. */
export interface StartPoint {
  videoid: number;
  start: number;
}

/** A position this close to the end opens the video from the start again. */
const NEAR_END_SECONDS = 5;

/** Whether a second is at a video's end, where nothing is left to resume. */
export const atVideoEnd = (seconds: number, duration: number) => duration > 0 && seconds >= duration - NEAR_END_SECONDS;

const startOf = (v: Video, at: number) => ({
  videoid: v.videoid,
  start: at > 0 && !atVideoEnd(at, v.duration) ? Math.floor(at) : 0,
});

/**
 * Resuming at the end of a finished video continues with the next video not yet complete (else the first one not
 * complete), at its own second: "이어보기" goes on with the class, it does not replay what was finished (issue 42).
 */
function resumeAt(playable: Video[], v: Video, at: number): StartPoint {
  if (!v.iscomplete || !atVideoEnd(at, v.duration)) return startOf(v, at);
  const unfinished = (x: Video) => !x.iscomplete;
  const next = playable.slice(playable.indexOf(v) + 1).find(unfinished) ?? playable.find(unfinished);
  return next ? startOf(next, next.watchedtime) : startOf(v, at);
}

/**
 * The address's video and second ("이어보기"), else the member's last watched video of this class (GetLastWatchTime),
 * else the first playable video not yet complete; a video the member may not play is never chosen. A resume point at
 * the end of a finished video goes on to the next unfinished one; the address's video without a second (a reload, a
 * video picked from the curriculum) opens as it is.
 */
export function pickStart(
  videos: Video[],
  address: { videoid?: number; t?: number },
  last: WatchTime | null | undefined,
): StartPoint | undefined {
  const playable = videos.filter((v) => v.path !== null);
  const named = playable.find((v) => v.videoid === address.videoid);
  if (named) return address.t === undefined ? startOf(named, named.watchedtime) : resumeAt(playable, named, address.t);
  const lastVideo = last ? playable.find((v) => v.videoid === last.videoid) : undefined;
  if (lastVideo && last) return resumeAt(playable, lastVideo, last.watchedtime);
  const first = playable.find((v) => !v.iscomplete) ?? playable[0];
  return first ? startOf(first, first.watchedtime) : undefined;
}
