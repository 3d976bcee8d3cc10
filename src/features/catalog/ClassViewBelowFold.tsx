import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lectureTagsQuery, similarLecturesQuery } from '../../api/queries/catalog';
import { publisherLecturesQuery } from '../../api/queries/catalogPublisher';
import { LectureGrid, type Lecture } from '../../components/ui/LectureCard';
import { LectureGridSkeleton, SkeletonBlock } from '../../components/ui/Skeleton';
import { QueryState } from '../../components/section/QueryState';
import { Ratings } from './Ratings';

interface BelowFoldProps {
  contentsid: number;
  /** The class's own record: the teacher's other classes are asked for by its teacher's name. */
  teacher: UseQueryResult<{ teachername: string }>;
  ratingPanel?: ReactNode;
}

/** The lower half of /classView: ratings, tags, the teacher's other classes and similar classes, each failing alone. */
export function ClassViewBelowFold({ contentsid, teacher, ratingPanel }: BelowFoldProps) {
  const tags = useQuery(lectureTagsQuery(contentsid));
  const teachername = teacher.data?.teachername;
  const publisher = useQuery({ ...publisherLecturesQuery(teachername ?? '', contentsid), enabled: teachername !== undefined });
  const similar = useQuery(similarLecturesQuery(contentsid));
  return (
    <>
      <Ratings contentsid={contentsid}>{ratingPanel}</Ratings>
      {tags.data?.length !== 0 && (
        <section className="class-block">
          <h3 className="class-block__title">태그</h3>
          <QueryState query={tags} fallback={<SkeletonBlock height={32} />}>
            {(list) => (
              <ul className="tag-list">
                {list.map((t) => (
                  <li key={t.tagid}>
                    <Link to="/search" search={{ schtext: t.name }}>
                      #{t.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      )}
      <LectureBlock title="이 강사의 다른 클래스" query={publisher} pick={(d) => d.list} askedBy={teacher} />
      <LectureBlock title="비슷한 클래스" query={similar} pick={(d) => d} />
    </>
  );
}

interface LectureBlockProps<T> {
  title: string;
  query: UseQueryResult<T>;
  pick: (data: T) => Lecture[];
  /** The call whose answer the query is asked with: until it answers, its state (and failure) stands in the block. */
  askedBy?: UseQueryResult<unknown>;
}

/** A titled grid of classes; hidden when there are none, its own failure message when the call fails. */
function LectureBlock<T>({ title, query, pick, askedBy }: LectureBlockProps<T>) {
  if (query.data !== undefined && pick(query.data).length === 0) return null;
  const skeleton = <LectureGridSkeleton count={4} />;
  return (
    <section className="class-block" aria-label={title}>
      <h3 className="class-block__title">{title}</h3>
      {askedBy && askedBy.data === undefined ? (
        <QueryState query={askedBy} fallback={skeleton}>
          {() => null}
        </QueryState>
      ) : (
        <QueryState query={query} fallback={skeleton}>
          {(data) => <LectureGrid lectures={pick(data)} />}
        </QueryState>
      )}
    </section>
  );
}
