import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lectureDetailQuery, lectureTagsQuery, similarLecturesQuery } from '../../api/queries/catalog';
import { LectureGrid } from '../../components/ui/LectureCard';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { Link } from '@tanstack/react-router';
import { ClassSummary } from './ClassSummary';
import { Curriculum } from './Curriculum';
import { Ratings } from './Ratings';
import './catalog.css';

/** /classView/$contentsid: summary, introduction, teacher, curriculum, ratings, tags, similar classes. */
export function ClassViewPage({ contentsid, useruid }: { contentsid: number; useruid: string }) {
  const { data: lecture } = useSuspenseQuery(lectureDetailQuery(contentsid, useruid));
  const tags = useQuery(lectureTagsQuery(contentsid));
  const similar = useQuery(similarLecturesQuery(contentsid));
  return (
    <div className="page class-view">
      <ClassSummary lecture={lecture} />
      <nav className="class-tabs" aria-label="클래스 정보">
        <a href="#intro">클래스 소개</a>
        <a href="#curriculum">커리큘럼</a>
        <a href="#ratings">수강평</a>
      </nav>
      <section className="class-block" id="intro">
        <h3 className="class-block__title">클래스 소개</h3>
        <SafeHtml html={lecture.description} />
      </section>
      {lecture.teacherintro && (
        <section className="class-block">
          <h3 className="class-block__title">강사 소개</h3>
          <SafeHtml html={lecture.teacherintro} />
        </section>
      )}
      <Curriculum contentsid={contentsid} />
      <Ratings contentsid={contentsid} />
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
      {similar.data && similar.data.length > 0 && (
        <section className="class-block">
          <h3 className="class-block__title">비슷한 클래스</h3>
          <LectureGrid lectures={similar.data} />
        </section>
      )}
    </div>
  );
}
