// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { UseQueryResult } from '@tanstack/react-query';
import { LectureGrid, type Lecture } from '../../components/ui/LectureCard';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';

interface LectureStripProps {
  title: React.ReactNode;
  query: UseQueryResult<Lecture[]>;
  limit?: number;
}

/** A titled row of lecture cards whose data loads after first paint; a failure stays inside the row. */
export function LectureStrip({ title, query, limit = 8 }: LectureStripProps) {
  if (query.data && query.data.length === 0) return null;
  return (
    <section className="section">
      <div className="section__head">
        <h2 className="section__title">{title}</h2>
      </div>
      <QueryState query={query} fallback={<LectureGridSkeleton count={limit} />}>
        {(lectures) => <LectureGrid lectures={lectures.slice(0, limit)} />}
      </QueryState>
    </section>
  );
}
