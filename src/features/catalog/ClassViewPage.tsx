import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lectureDetailQuery } from '../../api/queries/catalog';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { Deferred } from '../../components/layout/Deferred';
import { PageSkeleton, SkeletonBlock } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import { ClassSummary } from './ClassSummary';
import { ClassViewBelowFold } from './ClassViewBelowFold';
import { Curriculum } from './Curriculum';
import './catalog.css';

const CLASS_NOT_FOUND: NotFoundText = { title: '없는 클래스입니다.', back: { to: '/main', label: '홈으로' } };

type ClassViewProps = { contentsid: number; useruid: string; ratingPanel?: ReactNode };

/**
 * /classView/$contentsid: summary, introduction, teacher, curriculum, ratings, tags, similar classes. An unknown
 * class is a card without retry; the curriculum and the lower half each fail on their own.
 */
export function ClassViewPage(props: ClassViewProps) {
  return (
    <Section resetKey={`${props.contentsid}/${props.useruid}`} notFound={CLASS_NOT_FOUND} fallback={<PageSkeleton lines={8} />}>
      <ClassView {...props} />
    </Section>
  );
}

function ClassView({ contentsid, useruid, ratingPanel }: ClassViewProps) {
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
        <Section resetKey={contentsid} fallback={<SkeletonBlock height={160} />}>
          <Curriculum contentsid={contentsid} />
        </Section>
      </Deferred>
      <Deferred minHeight={900} id="ratings" onInteraction>
        <Section resetKey={contentsid} fallback={<SkeletonBlock height={320} />}>
          <ClassViewBelowFold contentsid={contentsid} teachername={lecture.teachername} ratingPanel={ratingPanel} />
        </Section>
      </Deferred>
    </div>
  );
}
