import { useQuery } from '@tanstack/react-query';
import { mainContentsQuery } from '../../api/queries/catalog';
import { LectureGrid } from '../../components/ui/LectureCard';
import { LectureGridSkeleton } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';

/**
 * Main contents by type (best, recommend, free), each as its own section. The 'new' group is left out: the first
 * strip above (새로 열린 클래스) is the page's one new-classes section, and both showed the same classes.
 */
const SHOWN_ELSEWHERE = new Set(['new']);

export function MainContents() {
  const query = useQuery(mainContentsQuery());
  return (
    <QueryState query={query} fallback={<LectureGridSkeleton count={4} />}>
      {(groups) =>
        groups
          .filter((g) => g.lectures.length > 0 && !SHOWN_ELSEWHERE.has(g.type))
          .map((g) => (
            <section className="section" key={g.typeid} data-type={g.type}>
              <div className="section__head">
                <h2 className="section__title">{g.title}</h2>
              </div>
              <LectureGrid lectures={g.lectures.slice(0, 4)} />
            </section>
          ))
      }
    </QueryState>
  );
}
