import { firstPaintVideoSettled } from './firstPaintVideo';

/**
 * Downloads that can wait for a video's first frame (issue 26). On a slow network the identity runtime's supabase-js
 * (≈43 KB) shared the line with the video's first bytes, just as the player asked for them. The player holds such
 * downloads until its video has a frame (or failed), at most `atMostMs`; where no player holds, nothing waits.
 */
let hold: Promise<void> = Promise.resolve();
let release = () => {};

export function holdUntilFirstFrame(atMostMs = 3_000): void {
  // The server-written video had its frame before the app's scripts were let in (server/http/playerFirstPaint.ts).
  if (firstPaintVideoSettled()) return;
  hold = new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('loadeddata', done, true);
      document.removeEventListener('error', done, true);
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    // Media events do not bubble; the capture phase sees them from any video on the page.
    document.addEventListener('loadeddata', done, true);
    document.addEventListener('error', done, true);
    release = done;
  });
}

/** No frame is coming (the player could not open a video): what waited goes now, a refused session's refresh first. */
export function releaseFirstFrameHold(): void {
  release();
}

export function afterFirstFrame(): Promise<void> {
  return hold;
}
