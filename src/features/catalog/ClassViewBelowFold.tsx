import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lectureTagsQuery, similarLecturesQuery } from '../../api/queries/catalog';
import { publisherLecturesQuery } from '../../api/queries/catalogPublisher';
import { LectureGrid } from '../../components/ui/LectureCard';
import { Ratings } from './Ratings';

interface BelowFoldProps {
  contentsid: number;
  teachername: string;
  ratingPanel?: ReactNode;
}

/** The lower half of /classView: ratings, tags, the teacher's other classes and similar classes. */
export function ClassViewBelowFold({ contentsid, teachername, ratingPanel }: BelowFoldProps) {
  const tags = useQuery(lectureTagsQuery(contentsid));
  const publisher = useQuery(publisherLecturesQuery(teachername, contentsid));
  const similar = useQuery(similarLecturesQuery(contentsid));
  return (
    <>
      <Ratings contentsid={contentsid}>{ratingPanel}</Ratings>
      {tags.data && tags.data.length > 0 && (
        <section className="class-block">
          <h3 className="class-block__title">태그</h3>
          <ul className="tag-list">
            {tags.data.map((t) => (
              <li key={t.tagid}>
                <Link to="/search" search={{ schtext: t.name }}>
                  #{t.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {publisher.data && publisher.data.list.length > 0 && (
        <section className="class-block" aria-labelledby="publisher-title">
          <h3 className="class-block__title" id="publisher-title">
            이 강사의 다른 클래스
          </h3>
          <LectureGrid lectures={publisher.data.list} />
        </section>
      )}
      {similar.data && similar.data.length > 0 && (
        <section className="class-block">
          <h3 className="class-block__title">비슷한 클래스</h3>
          <LectureGrid lectures={similar.data} />
        </section>
      )}
    </>
  );
}
