import { useEffect, useState } from 'react';
import { STALLED_AFTER_MS } from '../../components/section/Pending';

/**
 * Whether the video has had no answer at all (not even its metadata) STALLED_AFTER_MS after its source was set up;
 * `setup` counts the stage's setting up the same source again (다시 시도); `writtenByServer` names the first paint's video. A hung media request raises no error and no
 * event: without this the member saw a black stage and `0:00 / 0:00` for as long as it hung (issue 43's held-out
 * finding). Metadata, not a frame, is the line: a phone that fetches frames only once the member presses play has its
 * metadata all the same.
 */
export function useLateVideo(video: HTMLVideoElement, src: string, setup: number, writtenByServer = false): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) return;
    // The server-written video began loading with the document, before the app's scripts (held until its metadata, or
    // at most 1.5 s): its time counts from the document's start, so a hung one is said 5 s after the page was asked
    // for, not 5 s after the app mounted (issue 43: 6.9 s before).
    const waited = writtenByServer && setup === 0 ? performance.now() : 0;
    const timer = setTimeout(() => {
      if (video.readyState < HTMLMediaElement.HAVE_METADATA && !video.error) setLate(true);
    }, Math.max(0, STALLED_AFTER_MS - waited));
    const answered = () => {
      clearTimeout(timer);
      setLate(false);
    };
    video.addEventListener('loadedmetadata', answered);
    return () => {
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', answered);
    };
  }, [video, src, setup, writtenByServer]);
  return late;
}
