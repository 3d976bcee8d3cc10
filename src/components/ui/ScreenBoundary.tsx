import { Suspense } from 'react';
import { CatchBoundary } from '@tanstack/react-router';
import { RouteError } from './RouteError';
import { PageSkeleton } from './Skeleton';

/**
 * A screen that reads its own data instead of a route loader: the skeleton while it loads, the route error page
 * (Korean message, 다시 시도) when a call fails. A route with only a component adds the least to the first-paint
 * route table; `resetKey` clears a shown error when the screen's input changes.
 */
export function ScreenBoundary({
  resetKey,
  lines = 8,
  children,
}: {
  resetKey: unknown;
  lines?: number;
  children: React.ReactNode;
}) {
  return (
    <CatchBoundary getResetKey={() => resetKey} errorComponent={RouteError}>
      <Suspense fallback={<PageSkeleton lines={lines} />}>{children}</Suspense>
    </CatchBoundary>
  );
}
