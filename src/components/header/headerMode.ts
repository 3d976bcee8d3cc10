// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Below this scroll position the fixed header is off (spec §9). */
export const HEADER_FIX_THRESHOLD = 70;

/**
 * top: normal header in the page flow; down: scrolling down past the threshold, normal header
 * hidden and the compact second variant shown; up: scrolling up, the fixed full header shown.
 */
export type HeaderMode = 'top' | 'down' | 'up';

export function nextHeaderMode(previous: HeaderMode, lastY: number, y: number): HeaderMode {
  if (y < HEADER_FIX_THRESHOLD) return 'top';
  if (y > lastY) return 'down';
  if (y < lastY) return 'up';
  return previous;
}
