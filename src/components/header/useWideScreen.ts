// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useSyncExternalStore } from 'react';

/** Above this width the header shows the category menu (header.css hides it below). */
const WIDE = '(min-width: 1025px)';

function subscribe(onChange: () => void): () => void {
  const query = matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on screens wide enough for the header's category menu. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(WIDE).matches, () => false);
}
