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

const startOf = (v: Video, at: number) => ({
  videoid: v.videoid,
  start: at > 0 && at < v.duration - NEAR_END_SECONDS ? Math.floor(at) : 0,
});

/**
 * The address's video and second ("이어보기"), else the member's last watched video of this class (GetLastWatchTime),
 * else the first playable video not yet complete; a video the member may not play is never chosen.
 */
export function pickStart(
  videos: Video[],
  address: { videoid?: number; t?: number },
  last: WatchTime | null | undefined,
): StartPoint | undefined {
  const playable = videos.filter((v) => v.path !== null);
  const named = playable.find((v) => v.videoid === address.videoid);
  if (named) return startOf(named, address.t ?? named.watchedtime);
  const lastVideo = last ? playable.find((v) => v.videoid === last.videoid) : undefined;
  if (lastVideo && last) return startOf(lastVideo, last.watchedtime);
  const first = playable.find((v) => !v.iscomplete) ?? playable[0];
  return first ? startOf(first, first.watchedtime) : undefined;
}
