import { useEffect, useRef } from 'react';
import { sendContentProgress, sendWatchTime } from '../../api/queries/progress';
import { watchQueue } from './durableQueue';
import { serverClock } from './serverClock';
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
 * Reports the playing video as heartbeats (issue 23): the second it is at, stamped with when it was there by the
 * server's clock, every few seconds while playing, on pause, end and when the page goes away, with the beats taken
 * on play and around a seek. The server counts the advance between two beats only as far as their time apart
 * allows, so a seek reports the second just before it as well: the watching up to the seek counts, the jump does not. Every write passes through the
 * durable queue, so a network cut loses nothing: the writes wait in IndexedDB, keep their stamps and go out in order
 * when the network returns or the player next opens.
 */
export function useWatchReporter(video: HTMLVideoElement | null, target: WatchTarget | undefined, hooks: Hooks): void {
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const { useruid, contentsid, sectionid, videoid } = target ?? { useruid: '', contentsid: 0, sectionid: 0, videoid: 0 };

  useEffect(() => {
    if (!video || !videoid) return;
    interface Beat {
      position: number;
      at: number;
    }
    const duration = () => Math.floor(Number.isFinite(video.duration) ? video.duration : 0);
    const now = (): Beat => ({
      position: Math.floor(video.ended ? Math.max(video.currentTime, duration()) : video.currentTime || 0),
      at: serverClock.now(),
    });
    // Where the video was at its last time update while playing, and when: what a seek reports as its start.
    let shown = now();
    const writes = ({ position, at }: Beat, ended: boolean): WatchWrite[] => {
      const reportedat = new Date(at).toISOString();
      return [
        { kind: 'watch', body: { useruid, contentsid, videoid, watchedtime: position, reportedat } },
        {
          kind: 'progress',
          body: {
            useruid,
            contentsid,
            sectionid,
            videoid,
            watchedtime: position,
            duration: duration(),
            reportedat,
            ...(ended ? { iscomplete: true } : {}),
          },
        },
      ];
    };
    // Beats taken at play and around a seek go out with the next report (the next beat, pause, end, leaving): the
    // time played is measured from them, and the member's last watch moves when it did before, at the first beat.
    let held: Beat[] = [];
    const take = (ended: boolean): WatchWrite[] => {
      const beats = [...held, now()];
      held = [];
      return beats.flatMap((b, i) => writes(b, ended && i === beats.length - 1));
    };
    const report = async (ended = false) => {
      for (const w of take(ended)) await watchQueue.enqueue(w);
      await watchQueue.flush();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const onPlay = () => {
      clearInterval(timer);
      held.push(now());
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
    const onTimeUpdate = () => {
      if (!video.seeking) shown = now();
    };
    const onSeeking = () => {
      // The position has already moved: the beat before the jump is the last one shown while playing.
      if (!video.paused) held.push(shown);
    };
    const onSeeked = () => {
      shown = now();
      // Paused, the new second is the resume position at once; playing, the next beat takes it.
      if (video.paused) void report();
      else held.push(shown);
    };
    // The page may be gone before IndexedDB commits: queue it, and also send it with keepalive.
    const onPageHide = () => {
      if (video.currentTime <= 0) return;
      const last = take(video.ended);
      for (const w of last) void watchQueue.enqueue(w);
      // Started now, in order: a page being hidden may not run what an await would defer.
      for (const w of last) {
        if (w.kind === 'watch') void sendWatchTime(w.body, { keepalive: true }).catch(() => undefined);
        else void sendContentProgress(w.body, { keepalive: true }).catch(() => undefined);
      }
    };
    const onOnline = () => void watchQueue.flush();
    const listeners: [EventTarget, string, () => void][] = [
      [video, 'play', onPlay],
      [video, 'pause', onPause],
      [video, 'ended', onEnded],
      [video, 'timeupdate', onTimeUpdate],
      [video, 'seeking', onSeeking],
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
