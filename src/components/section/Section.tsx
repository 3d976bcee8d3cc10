// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { Suspense, type ReactNode } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CatchBoundary } from '@tanstack/react-router';
import { Pending } from './Pending';
import { SectionFailure } from './SectionFailure';
import type { NotFoundText } from './NotFoundCard';

interface SectionProps {
  children: ReactNode;
  /** The placeholder while the section's data (useSuspenseQuery) or code (lazy) loads. */
  fallback?: ReactNode;
  /** How a 404 of this section's record reads; default "없는 페이지입니다." with a link home. */
  notFound?: NotFoundText;
  /** A shown failure clears when this changes (another record, another page of a list). */
  resetKey?: unknown;
}

/**
 * One part of a page that fails alone: anything thrown inside (a suspense query's failure, a chunk that did not
 * load, a rendering fault) becomes this section's Korean message with a working "다시 시도"; its siblings, the
 * header and the footer stay as they were.
 */
export function Section({ children, fallback, notFound, resetKey }: SectionProps) {
  const queries = useQueryErrorResetBoundary();
  return (
    <CatchBoundary
      getResetKey={() => resetKey as string}
      errorComponent={({ error, reset }) => (
        <SectionFailure
          error={error}
          notFound={notFound}
          onRetry={() => {
            // Lets the failed suspense queries fetch again when the section renders anew.
            queries.reset();
            reset();
          }}
        />
      )}
    >
      <Suspense fallback={<Pending>{fallback}</Pending>}>{children}</Suspense>
    </CatchBoundary>
  );
}
