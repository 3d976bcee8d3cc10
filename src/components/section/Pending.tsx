// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RETRY_LABEL } from './SectionFailure';
import '../ui/ui.css';
import './pending.css';

/** After this long without an answer the section says it is still loading (docs/decisions.md, issue 15). */
export const SLOW_AFTER_MS = 3_000;
export const SLOW_TEXT = '불러오는 중입니다…';
/** After this long it says the answer is late and offers 다시 시도 (issue 26); the client's 15 s time-out still ends it. */
export const STALLED_AFTER_MS = 5_000;
export const STALLED_TEXT = '응답이 늦어지고 있습니다.';

type Stage = 'quiet' | 'slow' | 'stalled';

/**
 * A section's placeholder while its data or code loads. Under it a line keeps its height from the start (so nothing
 * moves when it fills): empty, then "불러오는 중입니다…", then the late notice with 다시 시도. The status text is in
 * the document from the start, so screen readers announce each change. `onRetry` asks the section's calls again;
 * by default every call still waiting for its first answer.
 */
export function Pending({ children, onRetry }: { children?: ReactNode; onRetry?: () => void }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('quiet');
  // Each 다시 시도 starts the count again: the new call gets its own 5 s.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const slow = setTimeout(() => setStage('slow'), SLOW_AFTER_MS);
    const stalled = setTimeout(() => setStage('stalled'), STALLED_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stalled);
    };
  }, [attempt]);
  // The retry's code loads on the press (it is out of the first paint's chunk: the initial-JS budget).
  const retry = () => {
    setStage('quiet');
    setAttempt((n) => n + 1);
    if (onRetry) onRetry();
    else
      void import('./retryStalled').then(({ retryQueries, stalledQueries }) =>
        retryQueries(queryClient, stalledQueries(queryClient)),
      );
  };
  return (
    <>
      {children}
      <div className="section-wait">
        <p role="status" className="section-slow">
          {stage === 'slow' ? SLOW_TEXT : stage === 'stalled' ? STALLED_TEXT : ''}
        </p>
        {stage === 'stalled' && (
          <button type="button" className="btn btn--sm" onClick={retry}>
            {RETRY_LABEL}
          </button>
        )}
      </div>
    </>
  );
}
