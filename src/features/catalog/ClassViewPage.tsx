import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lectureDetailQuery } from '../../api/queries/catalog';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { Deferred } from '../../components/layout/Deferred';
import { ClassSummary } from './ClassSummary';
import { ClassViewBelowFold } from './ClassViewBelowFold';
import { Curriculum } from './Curriculum';
import './catalog.css';

/** /classView/$contentsid: summary, introduction, teacher, curriculum, ratings, tags, similar classes. */
export function ClassViewPage({ contentsid, useruid, ratingPanel }: { contentsid: number; useruid: string; ratingPanel?: ReactNode }) {
  const { data: lecture } = useSuspenseQuery(lectureDetailQuery(contentsid, useruid));
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
      {/* Curriculum, ratings, tags and similar classes render, and fetch, when they near the viewport or on
          the first interaction; the reserved boxes carry the #curriculum and #ratings anchors of the tabs. */}
      <Deferred minHeight={480} id="curriculum" onInteraction>
        <Curriculum contentsid={contentsid} />
      </Deferred>
      <Deferred minHeight={900} id="ratings" onInteraction>
        <ClassViewBelowFold contentsid={contentsid} teachername={lecture.teachername} ratingPanel={ratingPanel} />
      </Deferred>
    </div>
  );
}
