import { useEffect, useRef } from 'react';
import { sendContentProgress, sendWatchTime } from '../../api/queries/progress';
import { watchQueue } from './durableQueue';
import type { WatchWrite } from './watchQueue';

/** How often a playing video reports: often enough that a crash loses a few seconds, never minutes. */
export const BEAT_MS = 5_000;

export interface WatchTarget {
  useruid: string;
  contentsid: number;
  sectionid: number;
  videoid: number;
}

interface Hooks {
  /** After each beat's writes: the playing-place check of other devices rides on it. */
  onBeat?: () => void;
  /** The video ended and its completion was written (or queued). */
  onCompleted?: () => void;
}

/**
 * Writes watch time (resume position) and progress (furthest second) every few seconds while playing, on pause,
 * on ended and when the page goes away. Every write passes through the durable queue, so a network cut loses
 * nothing: the writes wait in IndexedDB and go out in order when the network returns or the player next opens.
 */
export function useWatchReporter(video: HTMLVideoElement | null, target: WatchTarget | undefined, hooks: Hooks): void {
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const { useruid, contentsid, sectionid, videoid } = target ?? { useruid: '', contentsid: 0, sectionid: 0, videoid: 0 };

  useEffect(() => {
    if (!video || !videoid) return;
    let furthest = 0;
    const writes = (ended: boolean): WatchWrite[] => {
      const now = Math.floor(video.currentTime || 0);
      furthest = Math.max(furthest, now);
      const duration = Math.floor(Number.isFinite(video.duration) ? video.duration : 0);
      return [
        { kind: 'watch', body: { useruid, contentsid, videoid, watchedtime: now } },
        {
          kind: 'progress',
          body: {
            useruid,
            contentsid,
            sectionid,
            videoid,
            watchedtime: ended ? Math.max(furthest, duration) : furthest,
            duration,
            ...(ended ? { iscomplete: true } : {}),
          },
        },
      ];
    };
    const report = async (ended = false) => {
      for (const w of writes(ended)) await watchQueue.enqueue(w);
      await watchQueue.flush();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const onPlay = () => {
      clearInterval(timer);
      timer = setInterval(() => {
        void report().then(() => hooksRef.current.onBeat?.());
      }, BEAT_MS);
    };
    const onPause = () => {
      clearInterval(timer);
      if (!video.ended) void report();
    };
    const onEnded = () => {
      clearInterval(timer);
      void report(true).then(() => hooksRef.current.onCompleted?.());
    };
    const onSeeked = () => {
      // A seek backwards keeps the furthest second; forwards, the next write counts it.
      if (video.paused) void report();
    };
    // The page may be gone before IndexedDB commits: queue it, and also send it with keepalive.
    const onPageHide = () => {
      if (video.currentTime <= 0) return;
      const [watch, progress] = writes(video.ended);
      for (const w of [watch!, progress!]) void watchQueue.enqueue(w);
      if (watch?.kind === 'watch') void sendWatchTime(watch.body, { keepalive: true }).catch(() => undefined);
      if (progress?.kind === 'progress') void sendContentProgress(progress.body, { keepalive: true }).catch(() => undefined);
    };
    const onOnline = () => void watchQueue.flush();
    const listeners: [EventTarget, string, () => void][] = [
      [video, 'play', onPlay],
      [video, 'pause', onPause],
      [video, 'ended', onEnded],
      [video, 'seeked', onSeeked],
      [window, 'pagehide', onPageHide],
      [window, 'online', onOnline],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    if (!video.paused) onPlay();
    return () => {
      clearInterval(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
      // Leaving this video inside the app (another video, another page): one last write.
      if (video.currentTime > 0 && !video.ended) void report();
    };
  }, [video, useruid, contentsid, sectionid, videoid]);
}
