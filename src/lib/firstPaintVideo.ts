/**
 * The `<video>` the server wrote into the player's first paint (server/http/playerFirstPaint.ts), already loading
 * (often showing its first frame) before the app's scripts ran. Looked up while the player renders for the first time,
 * before that render's commit replaces the static picture, and kept: the player takes the element over instead of
 * making its own, so it keeps its bytes and its frame.
 */
const WRITTEN_ID = 'first-paint-video';

let found: HTMLVideoElement | undefined;
let taken = false;
const written = () =>
  (found ??= (typeof document === 'undefined' ? null : document.querySelector<HTMLVideoElement>(`video#${WRITTEN_ID}`)) ?? undefined);

/** The address without its media fragment (`#t=95`, the second the server started it at). */
export const sourceOf = (video: HTMLVideoElement) => (video.getAttribute('src') ?? '').split('#')[0];

/**
 * The written video when it plays `src` and no stage has taken it yet (a stage rendered twice by React's strict mode
 * asks twice: the same element both times, until one is mounted: `markTaken`).
 */
export function firstPaintVideo(src: string): HTMLVideoElement | undefined {
  const video = written();
  return video && !taken && sourceOf(video) === src ? video : undefined;
}

export function markTaken(video: HTMLVideoElement): void {
  if (video === found) {
    taken = true;
    video.removeAttribute('id');
  }
}

/**
 * The player has decided what its stage shows, or is leaving: a written video no stage took (the address's video was
 * locked, or another one opens) stops loading. Detached by the app's first render, it would otherwise fill its buffer
 * in the background.
 */
export function releaseUntakenFirstPaintVideo(): void {
  const video = written();
  if (!video || taken) return;
  taken = true;
  video.removeAttribute('src');
  video.load();
}

/** Whether the written video has its first frame, or failed, already: before the scripts that would have heard it ran. */
export function firstPaintVideoSettled(): boolean {
  const video = written();
  return !!video && (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || video.error !== null);
}
