// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useSyncExternalStore } from 'react';
import { nextHeaderMode, type HeaderMode } from './headerMode';

// One scroll follower for the whole page: the header and the floating ↑ button (which loads later, with the footer:
// issue 43) read the same mode, so a part that mounts mid-scroll knows the direction the header already knows.
let last = { y: 0, mode: 'top' as HeaderMode };
const listeners = new Set<() => void>();
let frame = 0;

function update() {
  frame = 0;
  const y = scrollY;
  last = { y, mode: nextHeaderMode(last.mode, last.y, y) };
  for (const listener of listeners) listener();
}

function onScroll() {
  if (!frame) frame = requestAnimationFrame(update);
}

function subscribe(listener: () => void): () => void {
  if (!listeners.size) {
    update();
    addEventListener('scroll', onScroll, { passive: true });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
    frame = 0;
  };
}

/** Follows the window scroll and returns the header mode (spec §2 "header turns fixed on scroll"). */
export function useHeaderMode(): HeaderMode {
  return useSyncExternalStore(subscribe, () => last.mode, () => 'top');
}
