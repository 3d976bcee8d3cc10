import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { productKey } from './lib/productKeys';
import './styles/global.css';

const { router, queryClient } = createAppRouter();

/**
 * An error an error boundary caught is handled (the section shows its Korean message), but still reported, under one
 * label in every build: React's own wording for it exists only in its development build.
 */
const reportCaught = (error: unknown, info: { componentStack?: string }) =>
  console.error('[caught by an error boundary]', error, info.componentStack ?? '');

/**
 * The first render is a transition: React renders it in slices of a few milliseconds with the main thread free between
 * them, instead of one task as long as the whole page (a member page's first render was most of its blocking time).
 * The static first paint stays until the render commits, as before.
 */
function render() {
  const root = createRoot(document.getElementById('app')!, { onCaughtError: reportCaught });
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// index.html paints a static header (and, for /main, the hero) first. The app starts after that frame
// (when its scripts are already cached they would otherwise run before the browser paints anything), and
// renders once the first route's code and data are in, so the static paint stays until the full page
// replaces it in the same boxes, with no blank frame in between.
let started = false;
function start() {
  if (started) return;
  started = true;
  const viewing = viewAs();
  void (viewing ? viewing.then(() => router.load()) : router.load()).finally(render);
}

/**
 * 회원 화면으로 보기: a tab the console opened as a member reads as that member from its first call on. Its code
 * (src/components/viewAs/boot.tsx) loads only in such a tab: every other tab pays this check and nothing more.
 */
function viewAs(): Promise<void> | undefined {
  try {
    return sessionStorage.getItem(productKey('viewAs')) ? import('./components/viewAs/boot').then((m) => m.boot()) : undefined;
  } catch {
    return undefined;
  }
}
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background gets no animation frames: start anyway.
setTimeout(start, 250);
