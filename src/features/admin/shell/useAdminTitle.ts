import { useEffect } from 'react';
import { documentTitle } from '../../../lib/routeMeta';

/**
 * The console's page titles. Its routes carry no `staticData.title` (route options travel in the store's first-paint
 * chunk), so each screen names itself; a frame later, after the root's own title effect of the same render.
 */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      document.title = documentTitle(`${title} · 운영 콘솔`);
    });
    return () => cancelAnimationFrame(frame);
  }, [title]);
}
