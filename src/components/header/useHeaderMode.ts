// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useRef, useState } from 'react';
import { nextHeaderMode, type HeaderMode } from './headerMode';

/** Follows the window scroll and returns the header mode (spec §2 "header turns fixed on scroll"). */
export function useHeaderMode(): HeaderMode {
  const [mode, setMode] = useState<HeaderMode>('top');
  const last = useRef({ y: 0, mode: 'top' as HeaderMode });

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = scrollY;
      const next = nextHeaderMode(last.current.mode, last.current.y, y);
      last.current = { y, mode: next };
      setMode(next);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return mode;
}
