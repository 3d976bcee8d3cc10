// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
// The app's start, out of the entry (src/main.tsx): marked, it brings the router and the route table into the first
// chunk, which compresses them with the libraries in one file and needs no import list between two (issue 43).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { productKey } from './lib/productKeys';

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

let started = false;
/** Loads the first route's code and data, then renders; a second call does nothing. */
export function start() {
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
