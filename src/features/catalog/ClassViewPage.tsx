import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lectureDetailQuery } from '../../api/queries/catalog';
import { isApiError } from '../../api/errors';
import type { components } from '../../api/schema.gen';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { Deferred } from '../../components/layout/Deferred';
import { PageSkeleton, SkeletonBlock } from '../../components/ui/Skeleton';
import { Section } from '../../components/section/Section';
import { QueryState } from '../../components/section/QueryState';
import { SectionFailure } from '../../components/section/SectionFailure';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import { ClassSummary } from './ClassSummary';
import { ClassViewBelowFold } from './ClassViewBelowFold';
import { Curriculum } from './Curriculum';
import './catalog.css';

// Its own chunk, fetched after the summary renders: the bar only matters once the visitor has scrolled past it.
const MobileBuyBar = lazy(() => import('./MobileBuyBar'));

const CLASS_NOT_FOUND: NotFoundText = { title: '없는 클래스입니다.', back: { to: '/main', label: '홈으로' } };

type LectureDetail = components['schemas']['LectureDetail'];
type ClassViewProps = { contentsid: number; useruid: string; ratingPanel?: ReactNode };

/**
 * /classView/$contentsid: summary, introduction, teacher, curriculum, ratings, tags, similar classes. An unknown
 * class is a card without retry. Otherwise each block renders from its own call: the class's own record failing
 * puts its message in the blocks made from it, while the curriculum and the ratings (their own calls) stay.
 */
export function ClassViewPage({ contentsid, useruid, ratingPanel }: ClassViewProps) {
  const detail = useQuery(lectureDetailQuery(contentsid, useruid));
  if (isApiError(detail.error) && detail.error.status === 404) {
    return <SectionFailure error={detail.error} notFound={CLASS_NOT_FOUND} onRetry={() => void detail.refetch()} />;
  }
  return (
    <div className="page class-view">
      <QueryState query={detail} fallback={<PageSkeleton lines={8} />}>
        {(lecture) => (
          <>
            <ClassSummary lecture={lecture} />
            <Suspense fallback={null}>
              <MobileBuyBar lecture={lecture} />
            </Suspense>
          </>
        )}
      </QueryState>
      <nav className="class-tabs" aria-label="클래스 정보">
        <a href="#intro">클래스 소개</a>
        <a href="#curriculum">커리큘럼</a>
        <a href="#ratings">수강평</a>
      </nav>
      <section className="class-block" id="intro">
        <h3 className="class-block__title">클래스 소개</h3>
        <LectureText detail={detail} pick={(lecture) => lecture.description} />
      </section>
      {/* Without the record it is unknown whether the class has a teacher introduction: the block stays with the message. */}
      {(detail.data === undefined || detail.data.teacherintro) && (
        <section className="class-block">
          <h3 className="class-block__title">강사 소개</h3>
          <LectureText detail={detail} pick={(lecture) => lecture.teacherintro} />
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
          <ClassViewBelowFold contentsid={contentsid} teacher={detail} ratingPanel={ratingPanel} />
        </Section>
      </Deferred>
    </div>
  );
}

/** One HTML text of the class's record (introduction, teacher), or that record's failure with "다시 시도". */
function LectureText({ detail, pick }: { detail: UseQueryResult<LectureDetail>; pick: (lecture: LectureDetail) => string }) {
  return (
    <QueryState query={detail} fallback={<SkeletonBlock height={120} />}>
      {(lecture) => <SafeHtml html={pick(lecture)} />}
    </QueryState>
  );
}
