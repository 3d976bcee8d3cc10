// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { UseQueryResult } from '@tanstack/react-query';
import { LectureGrid, type Lecture } from '../../components/ui/LectureCard';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';

interface LectureStripProps {
  title: React.ReactNode;
  result: UseQueryResult<Lecture[]>;
  limit?: number;
}

/** A titled row of lecture cards whose data loads after first paint. */
export function LectureStrip({ title, result, limit = 8 }: LectureStripProps) {
  const { data, isPending, isError } = result;
  if (isError || (data && data.length === 0)) return null;
  return (
    <section className="section">
      <div className="section__head">
        <h2 className="section__title">{title}</h2>
      </div>
      {isPending || !data ? <LectureGridSkeleton count={limit} /> : <LectureGrid lectures={data.slice(0, limit)} />}
    </section>
  );
}
