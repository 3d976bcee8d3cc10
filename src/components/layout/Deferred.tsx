// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface DeferredProps {
  /** Height the block reserves until it renders (and while its code loads), so nothing below it jumps. */
  minHeight: number | string;
  children: ReactNode;
  /** How far outside the viewport the block starts rendering. */
  rootMargin?: string;
  /** Also render on the visitor's first interaction (pointer, key, wheel, scroll), for blocks reached without scrolling. */
  onInteraction?: boolean;
  className?: string;
  /** Anchor id the reserved box carries, so an in-page link (#ratings) lands where the block will render. */
  id?: string;
  /** Also render this long after the page's load event, unasked: for text that readers and crawlers look for. */
  afterLoadMs?: number;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Renders its children (typically lazy components that fetch their own data) only once the reserved box
 * comes near the viewport: what is below the fold costs neither script, rendering nor requests on first paint.
 */
export function Deferred({ minHeight, children, rootMargin = '200px', onInteraction = false, className, id, afterLoadMs }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (shown) return;
    const el = ref.current;
    const show = () => setShown(true);
    if (!el || typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin });
    io.observe(el);
    if (onInteraction) for (const type of INTERACTIONS) addEventListener(type, show, { once: true, passive: true });
    let timer = 0;
    const later = () => (timer = window.setTimeout(show, afterLoadMs));
    if (afterLoadMs !== undefined) {
      if (document.readyState === 'complete') later();
      else addEventListener('load', later, { once: true });
    }
    return () => {
      io.disconnect();
      if (onInteraction) for (const type of INTERACTIONS) removeEventListener(type, show);
      removeEventListener('load', later);
      window.clearTimeout(timer);
    };
  }, [shown, rootMargin, onInteraction, afterLoadMs]);

  // data-deferred marks the box as not yet rendered: a reader (the fault matrix's settle) waits for the ones in view.
  const placeholder = <div ref={ref} id={id} className={className} style={{ minHeight }} aria-hidden="true" data-deferred="" />;
  if (!shown) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
