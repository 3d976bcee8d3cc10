// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useRouterState } from '@tanstack/react-router';
import './topProgress.css';

/** A thin orange bar at the top of the window while a route loads. Mounted once in the root. */
export function TopProgress() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  return <div className="top-progress" data-active={loading} role="progressbar" aria-hidden={!loading} aria-label="페이지 불러오는 중" />;
}
