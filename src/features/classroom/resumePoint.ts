import { atVideoEnd } from '../../../rules/startPoint';

interface Completion {
  videoid: number;
  watchedtime: number;
  iscomplete: boolean;
}

interface LastWatch {
  contentsid: number;
  videoid: number;
  watchedtime: number;
  duration: number;
}

/**
 * "이어보기" at the member's last video and second; watched to its end, the link names no video, and the player goes
 * on from it to the next unfinished one by its start rule (rules/startPoint.ts) instead of replaying it (issue 42).
 */
export function lastWatchPoint(last: Omit<LastWatch, 'contentsid'>): { videoid: number | null; seconds: number | null } {
  return atVideoEnd(last.watchedtime, last.duration) ? { videoid: null, seconds: null } : { videoid: last.videoid, seconds: last.watchedtime };
}

/**
 * Where "이어보기" of one class starts: the member's last video and second when it belongs to this class;
 * otherwise the first video not yet completed, at its stored second; a finished class starts again at the top.
 */
export function classResumePoint(contentsid: number, videos: readonly Completion[], last: LastWatch | null | undefined) {
  if (last && last.contentsid === contentsid) return lastWatchPoint(last);
  const next = videos.find((v) => !v.iscomplete) ?? videos[0];
  return next ? { videoid: next.videoid, seconds: next.iscomplete ? 0 : next.watchedtime } : { videoid: null, seconds: null };
}
