// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useState, type ReactNode } from 'react';
import '../ui/ui.css';

/** After this long without an answer the section says it is still loading (docs/decisions.md, issue 15). */
export const SLOW_AFTER_MS = 3_000;
export const SLOW_TEXT = '불러오는 중입니다…';

/**
 * A section's placeholder while its data or code loads. The status line is in the document from the start (empty),
 * so screen readers announce it when the text appears.
 */
export function Pending({ children }: { children?: ReactNode }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      {children}
      <p role="status" className="section-slow">
        {slow ? SLOW_TEXT : ''}
      </p>
    </>
  );
}
